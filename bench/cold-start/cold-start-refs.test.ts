import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alternatingOrder } from "../package/alternating-order.js";
import { DEFAULT_RUNS, DEFAULT_TOOLS, parseColdStartRefsArgs } from "./cold-start-refs-options.js";
import {
  coldStartRefsMarkdown,
  summariseRefs,
  type ColdStartRefsReport,
  type RefsSample,
} from "./cold-start-refs-report.js";
import { measureColdStartRefs } from "./measure-cold-start-refs.js";

describe("parseColdStartRefsArgs", () => {
  it("needs --base and defaults the rest", () => {
    expect(parseColdStartRefsArgs(["--base", "646f9dd"])).toEqual({
      base: "646f9dd",
      head: undefined,
      runs: DEFAULT_RUNS,
      tools: DEFAULT_TOOLS,
      noBuild: false,
      out: undefined,
      help: false,
    });
    expect(() => parseColdStartRefsArgs([])).toThrow(/--base <ref> is required/);
    expect(parseColdStartRefsArgs(["--help"]).help).toBe(true);
  });

  it("reads every option", () => {
    expect(
      parseColdStartRefsArgs([
        "--base",
        "v0.2.0",
        "--head",
        "main",
        "--runs",
        "3",
        "--tools",
        "200",
        "--out",
        "/tmp/x",
      ]),
    ).toMatchObject({ base: "v0.2.0", head: "main", runs: 3, tools: 200, out: "/tmp/x" });
    expect(parseColdStartRefsArgs(["--base", "a", "--no-build"]).noBuild).toBe(true);
  });

  it.each([
    [["--base", "a", "--runs", "0"], /--runs "0" is not a whole number from 1 to 200/],
    [["--base", "a", "--runs", "2.5"], /--runs/],
    [["--base", "a", "--runs", "1e3"], /--runs/],
    [["--base", "a", "--runs", "100000"], /--runs/],
    [["--base", "a", "--tools", "-5"], /--tools/],
    [["--base=--upload-pack=evil"], /--base must be a git ref/],
    [["--base", "a b"], /--base must be a git ref/],
    [["--base", "a", "--head=-x"], /--head must be a git ref/],
    [["--base", "a", "--head", "b", "--no-build"], /--no-build applies to the working tree/],
    [["--base", "a", "--bogus"], /bogus/],
    [["--base", "a", "extra"], /extra|positional/i],
  ])("refuses %j", (args, message) => {
    expect(() => parseColdStartRefsArgs(args)).toThrow(message);
  });
});

describe("alternatingOrder", () => {
  it("runs each item once a round and reverses the order every other round", () => {
    expect(alternatingOrder(["base", "head"], 3).map(({ run, item }) => `${run}${item}`)).toEqual([
      "0base",
      "0head",
      "1head",
      "1base",
      "2base",
      "2head",
    ]);
    expect(alternatingOrder(["a"], 0)).toEqual([]);
  });
});

const values = (firstAnswerMs: number) => ({
  firstAnswerMs,
  createAndSearchMs: firstAnswerMs / 2,
  importMs: 100,
  cpuMs: firstAnswerMs * 1.5,
  peakRssMB: 120,
});

describe("summariseRefs", () => {
  const samples: RefsSample[] = [
    { run: 0, side: "base", cache: "empty", values: values(1_000) },
    { run: 0, side: "head", cache: "empty", values: values(900) },
    // A busy round slows both: the paired ratio stays, the medians' ratio moves.
    { run: 1, side: "head", cache: "empty", values: values(2_700) },
    { run: 1, side: "base", cache: "empty", values: values(3_000) },
    { run: 2, side: "base", cache: "empty", values: values(1_100) },
    { run: 2, side: "head", cache: "empty", values: values(1_100) },
    { run: 0, side: "base", cache: "warm", values: values(800) },
  ];

  it("gives each cache state and metric both medians, their ratio and the median of ratios within a round", () => {
    const rows = summariseRefs(samples);
    const first = rows.find((row) => row.cache === "empty" && row.metric === "firstAnswerMs")!;
    expect(first.base).toEqual({ median: 1_100, samples: [1_000, 3_000, 1_100] });
    expect(first.head).toEqual({ median: 1_100, samples: [900, 2_700, 1_100] });
    expect(first.ratio).toBeCloseTo(1, 10);
    expect(first.pairedRatio).toBeCloseTo(0.9, 10);
    expect(rows.filter((row) => row.cache === "empty").map((row) => row.metric)).toEqual([
      "firstAnswerMs",
      "createAndSearchMs",
      "importMs",
      "cpuMs",
      "peakRssMB",
    ]);
    // The warm state has no head sample: no ratio rather than a made-up one.
    const warm = rows.find((row) => row.cache === "warm" && row.metric === "firstAnswerMs")!;
    expect([warm.ratio, warm.pairedRatio, warm.head.samples]).toEqual([null, null, []]);
  });

  it("writes the headline, a table per cache state, and the errors", () => {
    const side = {
      ref: "646f9dd",
      commit: "646f9dd90143fdacef660e88356bce20f39bee0b",
      subject: "release",
      dirty: false,
    };
    const report: ColdStartRefsReport = {
      formatVersion: 1,
      startedAt: "2026-12-02T18:00:00.000Z",
      finishedAt: "2026-12-02T18:05:00.000Z",
      base: side,
      head: { ...side, ref: "working tree", dirty: true },
      options: { runs: 3, tools: 1_000 },
      catalogue: { name: "realistic", tools: 1_000, toolChars: 2_300, firstQuery: "open a ticket" },
      machine: { cpus: 2, node: "v20", loadStart: 1, loadEnd: 2 },
      rows: summariseRefs(samples),
      samples,
      errors: ["head, warm cache: the probe printed no JSON result"],
      notes: [],
    };
    const markdown = coldStartRefsMarkdown(report);
    expect(markdown).toContain(
      "**First answer with an empty cache: head 1100 ms vs base 1100 ms (medians), ×1.00 of base; paired by round ×0.90.**",
    );
    expect(markdown).toContain("`working tree` = 646f9dd90143 with uncommitted changes (release)");
    expect(markdown).toContain("## Empty cache");
    expect(markdown).toContain("## Warm cache");
    expect(markdown).toMatch(
      /\| first answer \(process start → first search answered\), ms \| 1100 \| 1100 \| ×1\.00 \| ×0\.90 \| 1000, 3000, 1100 \| 900, 2700, 1100 \|/,
    );
    expect(markdown).toContain("- head, warm cache: the probe printed no JSON result");
  });
});

describe("measureColdStartRefs", () => {
  it("gives every empty-cache process its own empty folder, and the warm ones a folder filled first", () => {
    const calls: { module: string; cwd: string; empty: boolean }[] = [];
    const { samples, errors } = measureColdStartRefs(
      { base: "base.js", head: "head.js" },
      {
        runs: 2,
        catalogueFile: "catalogue.json",
        probe: (module, cwd) => {
          calls.push({ module, cwd, empty: readdirSync(cwd).length === 0 });
          writeFileSync(join(cwd, "cache.vec"), "x");
          return values(module === "base.js" ? 1_000 : 900);
        },
      },
    );
    expect(errors).toEqual([]);
    const empty = calls.slice(0, 4);
    expect(empty.map((call) => call.module)).toEqual(["base.js", "head.js", "head.js", "base.js"]);
    expect(empty.every((call) => call.empty)).toBe(true);
    expect(new Set(empty.map((call) => call.cwd)).size).toBe(4);
    // Two untimed fills, then the timed warm runs in the filled folders.
    const warm = calls.slice(4);
    expect(warm.map((call) => [call.module, call.empty])).toEqual([
      ["base.js", true],
      ["head.js", true],
      ["base.js", false],
      ["head.js", false],
      ["head.js", false],
      ["base.js", false],
    ]);
    expect(calls.every((call) => !existsSync(call.cwd))).toBe(true);
    expect(samples.map((sample) => `${sample.cache} ${sample.run} ${sample.side}`)).toEqual([
      "empty 0 base",
      "empty 0 head",
      "empty 1 head",
      "empty 1 base",
      "warm 0 base",
      "warm 0 head",
      "warm 1 head",
      "warm 1 base",
    ]);
  });

  it("stops running a ref whose probe fails, keeps the other's samples, and says why", () => {
    const { samples, errors } = measureColdStartRefs(
      { base: "base.js", head: "head.js" },
      {
        runs: 3,
        catalogueFile: "catalogue.json",
        probe: (module) => {
          if (module === "head.js") throw new Error("Cannot find module head.js");
          return values(1_000);
        },
      },
    );
    expect(errors).toEqual([
      "head, empty cache: Cannot find module head.js",
      "head, warm cache: Cannot find module head.js",
    ]);
    expect(samples.filter((sample) => sample.side === "base")).toHaveLength(6);
    expect(samples.filter((sample) => sample.side === "head")).toHaveLength(0);
  });

  it("refuses a probe result without a metric", () => {
    const { errors } = measureColdStartRefs(
      { base: "base.js", head: "head.js" },
      { runs: 1, catalogueFile: "c.json", probe: () => ({ firstAnswerMs: 1 }) },
    );
    expect(errors[0]).toMatch(/has no number "createAndSearchMs"/);
  });
});
