import { DEFECT_AREAS } from "../../test/support/misses-workspace.js";
import { describe, expect, it } from "vitest";
import { Bm25Ranker } from "../../src/index.js";
import type { Ranker } from "../../src/ranking/index.js";
import { parseDataset } from "../load-dataset.js";
import { heldBack, simulateMissesLoop } from "./simulate-misses-loop.js";

const dataset = parseDataset(
  {
    tools: [
      { name: "issue_creator", description: "Creates an entity." },
      { name: "send_message", description: "Send a chat message to a channel." },
    ],
    queries: [
      ...DEFECT_AREAS.map((area) => ({
        query: `the ${area} page crashes, report a glitch`,
        expected: ["issue_creator"],
      })),
      ...DEFECT_AREAS.map((area) => ({ query: `send a chat message about the ${area}`, expected: ["send_message"] })),
    ],
  },
  "tiny.json",
);

describe("simulateMissesLoop", () => {
  it("lifts the held-back misses with examples written from the training misses only", async () => {
    const indexed: string[][] = [];
    const ranker = {
      id: "bm25",
      create: (): Ranker => {
        const inner = new Bm25Ranker();
        return Object.assign(Object.create(inner) as Ranker, {
          update: (documents: Parameters<Ranker["update"]>[0]) => {
            indexed.push(documents.flatMap((document) => document.examples ?? []));
            return inner.update(documents);
          },
        });
      },
    };
    const run = await simulateMissesLoop(dataset, ranker, 1_000);
    expect(run.heldBackMisses.queries).toBeGreaterThan(0);
    expect(run.heldBackMisses.before).toBe(0);
    expect(run.heldBackMisses.after).toBe(1);
    expect(run.rest.after).toBe(1);
    expect(run.toolsEnriched).toBe(1);
    expect(run.trainingMisses + run.heldBackMisses.queries).toBe(DEFECT_AREAS.length);
    // The scripted model saw training misses only: no held-back query is ever indexed.
    const examples = indexed.flat();
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter(heldBack)).toEqual([]);
  });
});
