import { describe, expect, it } from "vitest";
import type { MissRecord } from "../../public/learning.js";
import { applyVerdict, type MissesEvalReport } from "./eval-from-misses.js";
import { heldBackTasks } from "./held-back-tasks.js";
import { EVIDENCE_LIMITS, missEvidence } from "./miss-evidence.js";
import { isHeldBack, splitMisses } from "./miss-split.js";
import { parseMissesFile } from "./misses-file.js";

const HASH = "a".repeat(64);
const record = (
  id: string,
  text: string | undefined,
  answer: string | undefined,
  at = "2026-12-01T00:00:00Z",
): MissRecord => ({
  id,
  at,
  scope: "shared",
  kind: "weak",
  request: { hash: HASH, length: text?.length ?? 3, ...(text === undefined ? {} : { text }) },
  results: [],
  ...(answer === undefined ? {} : { answer }),
});

describe("the misses' split", () => {
  it("holds back about the share asked, by id, the same way every time and whatever the order", () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => `m-${index}`);
    const held = ids.filter((id) => isHeldBack(id, 0.3));
    expect(held.length / ids.length).toBeGreaterThan(0.27);
    expect(held.length / ids.length).toBeLessThan(0.33);
    const records = ids.map((id) => record(id, "x", "t"));
    const forward = splitMisses(records, 0.3).heldBack.map((miss) => miss.id);
    const backward = splitMisses([...records].reverse(), 0.3).heldBack.map((miss) => miss.id);
    expect(new Set(backward)).toEqual(new Set(forward));
    expect(new Set(forward)).toEqual(new Set(held));
    expect(splitMisses(records, 0).heldBack).toEqual([]);
  });
});

describe("parseMissesFile", () => {
  it("keeps well-formed records, counts the others and repeated ids, and refuses another shape or version", () => {
    const good = record("a", "hello", "t");
    const file = parseMissesFile({ version: 1, misses: [good, { id: "b" }, good, "junk"] }, "m.json");
    expect(file.misses).toEqual([good]);
    expect(file.malformed).toBe(3);
    expect(() => parseMissesFile({ version: 2, misses: [] }, "m.json")).toThrow(
      /version 2; this toolsift reads version 1/,
    );
    expect(() => parseMissesFile([], "m.json")).toThrow(/m\.json: is not a misses file/);
  });
});

describe("missEvidence", () => {
  it("groups by answer, newest first, distinct, cut and capped, and counts what cannot be evidence", () => {
    const long = `crash ${"x".repeat(1_000)}`;
    const misses = [
      record("old", "the old request", "t", "2026-01-01T00:00:00Z"),
      record("new", "the   new\nrequest", "t", "2026-12-01T00:00:00Z"),
      record("dup", "the new request", "t", "2026-11-01T00:00:00Z"),
      record("long", long, "t", "2026-06-01T00:00:00Z"),
      ...Array.from({ length: 20 }, (_, index) =>
        record(`many-${index}`, `request ${index}`, "t", "2025-01-01T00:00:00Z"),
      ),
      record("notext", undefined, "t"),
      record("noanswer", "hi", undefined),
      record("ghost", "hi", "ghost"),
    ];
    const evidence = missEvidence(misses, (name) => name === "t");
    const list = evidence.byTool.get("t")!;
    expect(list.slice(0, 3)).toEqual(["the new request", expect.stringMatching(/^crash x+…$/), "the old request"]);
    expect(list[1]!.length).toBe(EVIDENCE_LIMITS.chars);
    expect(list).toHaveLength(EVIDENCE_LIMITS.perTool);
    expect(evidence.skipped).toEqual({ noAnswer: 1, noText: 1, unknownTools: [{ name: "ghost", misses: 1 }] });
  });

  it("makes tasks of held-back misses with text and a known answer only", () => {
    const { tasks, skipped } = heldBackTasks(
      [record("a", "find it", "t"), record("b", undefined, "t"), record("c", "x".repeat(900), "t")],
      (name) => name === "t",
    );
    expect(tasks.map((task) => task.query.length)).toEqual([7, 500]);
    expect(skipped).toEqual([expect.stringMatching(/^1 miss skipped: text not recorded/)]);
  });
});

describe("applyVerdict", () => {
  const scores = (recallAt5: number, recallAt1 = recallAt5) => ({ recallAt1, recallAt5, mrr: recallAt1 });
  const report = (misses: [number, number], catalogue?: [number, number, number?, number?]): MissesEvalReport => ({
    misses: {
      file: "m.json",
      holdout: 0.3,
      heldBack: 4,
      skipped: [],
      tasks: 4,
      before: scores(misses[0]),
      after: scores(misses[1]),
    },
    ...(catalogue
      ? {
          catalogue: {
            file: "t.jsonl",
            tasks: 2,
            before: scores(catalogue[0], catalogue[2] ?? catalogue[0]),
            after: scores(catalogue[1], catalogue[3] ?? catalogue[1]),
          },
        }
      : {}),
  });

  it("applies only a candidate that lifts the held-back misses and lowers neither depth of the catalogue's eval", () => {
    expect(applyVerdict(report([0.25, 0.75])).applied).toBe(true);
    expect(applyVerdict(report([0.25, 0.75], [1, 1])).applied).toBe(true);
    expect(applyVerdict(report([0.5, 0.5])).reason).toMatch(/did not rise/);
    expect(applyVerdict(report([0.5, 0.25])).applied).toBe(false);
    expect(applyVerdict(report([0.25, 0.75], [1, 0.5])).reason).toMatch(
      /recall@5 on the catalogue's own eval \(t\.jsonl\) fell/,
    );
    expect(applyVerdict(report([0.25, 0.75], [1, 1, 1, 0.5])).reason).toMatch(/recall@1 .* fell/);
  });
});
