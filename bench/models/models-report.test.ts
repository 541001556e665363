import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measureModelProcesses } from "./measure-model-process.js";
import { parseModelList } from "./model-list.js";
import {
  columnsOf,
  compTable,
  foldsVerdict,
  installTable,
  metricTable,
  modelFolds,
  modelsMarkdown,
  processTable,
  ratio,
  type SetRow,
  summarise,
} from "./models-report.js";

function row(
  dataset: string,
  model: string | null,
  kind: SetRow["kind"],
  recallAt5: number,
  extra: Partial<SetRow> = {},
): SetRow {
  return {
    dataset,
    model,
    kind,
    answerable: 100,
    multiTool: 0,
    recallAt1: recallAt5 / 2,
    recallAt5,
    emptyRate: 0,
    comp: null,
    indexMs: 1,
    msPerQuery: 1,
    ...extra,
  };
}

const MODELS = ["glove", "use-lite"];

describe("summarise", () => {
  it("gives each column its mean and its worst set, skipping failed rows", () => {
    const rows = [
      row("a", null, "bm25", 0.8),
      row("b", null, "bm25", 0.6),
      row("a", "glove", "cosine", 0.5),
      row("b", "glove", "cosine", 0.7),
      row("c", "glove", "cosine", 0, { error: "boom" }),
    ];
    const [bm25, glove, absent] = summarise(rows, ["bm25", "glove cosine", "use-lite cosine"], "recallAt5");
    expect(bm25!.mean).toBeCloseTo(0.7);
    expect(bm25!.worst).toEqual({ dataset: "b", value: 0.6 });
    expect(glove!.mean).toBeCloseTo(0.6);
    expect(glove!.worst).toEqual({ dataset: "a", value: 0.5 });
    expect(absent).toEqual({ column: "use-lite cosine", mean: 0, worst: null });
  });

  it("takes the highest empty-answer rate as the worst set", () => {
    const rows = [row("a", null, "bm25", 0.8, { emptyRate: 0.01 }), row("b", null, "bm25", 0.6, { emptyRate: 0.2 })];
    expect(summarise(rows, ["bm25"], "emptyRate")[0]!.worst).toEqual({ dataset: "b", value: 0.2 });
  });
});

describe("metricTable", () => {
  it("lists every set, then the worst set and the mean per column, in column order", () => {
    const rows = [
      row("a", null, "bm25", 0.8),
      row("a", "glove", "hybrid", 0.9),
      row("a", "use-lite", "hybrid", 0, { error: "x" }),
      row("b", null, "bm25", 0.6),
      row("b", "glove", "hybrid", 0.7),
      row("b", "use-lite", "hybrid", 0.75),
    ];
    const lines = metricTable(rows, ["bm25", "glove hybrid", "use-lite hybrid"], "recallAt5");
    expect(lines[0]).toBe("| set | queries | bm25 | glove hybrid | use-lite hybrid |");
    expect(lines[2]).toBe("| a | 100 | 0.800 | 0.900 | error |");
    expect(lines[3]).toBe("| b | 100 | 0.600 | 0.700 | 0.750 |");
    expect(lines[4]).toBe("| **worst set** | | 0.600 (b) | 0.700 (b) | 0.750 (b) |");
    expect(lines[5]).toBe("| **mean** | | 0.700 | 0.800 | 0.750 |");
  });
});

describe("columnsOf", () => {
  it("puts bm25 first, then each model by cosine, then each model's hybrid", () => {
    expect(columnsOf(MODELS)).toEqual(["bm25", "glove cosine", "use-lite cosine", "glove hybrid", "use-lite hybrid"]);
  });
});

describe("modelFolds", () => {
  const scores: Record<string, [number, number]> = {
    a: [0.5, 0.6],
    b: [0.8, 0.7],
    c: [0.4, 0.55],
  };
  const rows = Object.entries(scores).flatMap(([dataset, [glove, useLite]]) => [
    row(dataset, "glove", "hybrid", glove),
    row(dataset, "use-lite", "hybrid", useLite),
  ]);

  it("chooses the model whose worst other set is best, and sets it against the runner-up where left out", () => {
    const byHeldOut = Object.fromEntries(modelFolds(rows, MODELS, "hybrid").map((fold) => [fold.heldOut, fold]));
    // Without a: glove's worst is 0.4 (c), use-lite's 0.55 (c); use-lite loses b by 10 points yet is chosen.
    expect(byHeldOut.a).toEqual({
      heldOut: "a",
      chosen: "use-lite",
      other: "glove",
      chosenWorst: 0.55,
      otherWorst: 0.4,
      chosenHeldOut: 0.6,
      otherHeldOut: 0.5,
    });
    expect(byHeldOut.c).toMatchObject({ chosen: "use-lite", chosenWorst: 0.6, otherWorst: 0.5 });
    expect(foldsVerdict(modelFolds(rows, MODELS, "hybrid"))).toBe(
      "Chosen: use-lite in 3 of 3 folds. The choice loses on the set left out in 1: b (−10.00).",
    );
  });

  it("breaks a tie of worst sets by the mean, then by the order given", () => {
    const tied = [
      row("a", "glove", "cosine", 0.5),
      row("a", "use-lite", "cosine", 0.5),
      row("b", "glove", "cosine", 0.6),
      row("b", "use-lite", "cosine", 0.9),
      row("c", "glove", "cosine", 0.5),
      row("c", "use-lite", "cosine", 0.5),
    ];
    const byHeldOut = Object.fromEntries(modelFolds(tied, MODELS, "cosine").map((fold) => [fold.heldOut, fold]));
    expect(byHeldOut.a!.chosen).toBe("use-lite");
    expect(byHeldOut.b!.chosen).toBe("glove");
  });

  it("reads only the kind asked for, and needs two models", () => {
    expect(modelFolds(rows, MODELS, "cosine")).toEqual([]);
    expect(modelFolds(rows, ["glove"], "hybrid")).toEqual([]);
  });
});

describe("compTable", () => {
  it("gives a row per multi-tool set and k, in the fixed set order, and skips sets not measured", () => {
    const comp = { "5": 0.25, "10": 0.5 };
    const rows = [
      row("bfcl_v4", null, "bm25", 0.7, { multiTool: 40, comp }),
      row("seal_tools", null, "bm25", 0.9, { multiTool: 80, comp: { "5": 0.8, "10": 0.9 } }),
      row("hwu64_intents", null, "bm25", 0.5),
    ];
    const lines = compTable(rows, ["bm25"]);
    expect(lines.slice(2)).toEqual([
      "| seal_tools | 80 | 5 | 0.800 |",
      "| seal_tools | 80 | 10 | 0.900 |",
      "| bfcl_v4 | 40 | 5 | 0.250 |",
      "| bfcl_v4 | 40 | 10 | 0.500 |",
    ]);
  });
});

describe("ratios", () => {
  it("divides by the first model, and shows a dash where there is nothing to divide by", () => {
    expect(ratio(142, 100)).toBe("×1.42");
    expect(ratio(1, 0)).toBe("–");
    expect(ratio(1, undefined)).toBe("–");
  });

  it("puts each process median beside its ratio to the first model that ran", () => {
    const samples = (median: number) => ({ median, samples: [median] });
    const run = (model: string, scale: number) => ({
      model,
      runs: 1,
      tools: 1_000,
      firstAnswerMs: samples(1_000 * scale),
      importMs: samples(100),
      modelLoadMs: samples(50 * scale),
      indexMs: samples(300 * scale),
      msPerQuery: samples(4 * scale),
      rssAfterLoadMB: samples(150),
      heapAfterLoadMB: samples(30),
      rssAfterIndexMB: samples(160),
      heapAfterIndexMB: samples(40 * scale),
      peakRssMB: samples(170),
    });
    const lines = processTable([run("glove", 1), run("use-lite", 2)]);
    expect(lines[0]).toBe("| median of 1 processes (ratio to glove) | glove | use-lite |");
    expect(lines).toContain("| first answer from process start (ms) | 1000 (×1.00) | 2000 (×2.00) |");
    expect(lines).toContain("| ms per query | 4.00 (×1.00) | 8.00 (×2.00) |");
    expect(lines).toContain("| heap + external after index (MB) | 40.0 (×1.00) | 80.0 (×2.00) |");
  });

  it("gives install sizes in MB with ratios, and a dash for a missing tarball", () => {
    const MB = 1024 * 1024;
    const lines = installTable([
      { model: "glove", folderBytes: 4 * MB, folderTarGzBytes: 3 * MB, tarballBytes: 10 * MB },
      { model: "use-lite", folderBytes: 2 * MB, folderTarGzBytes: 3 * MB, tarballBytes: null },
    ]);
    expect(lines[2]).toBe("| glove | 4.00 (×1.00) | 3.00 (×1.00) | 10.00 (×1.00) |");
    expect(lines[3]).toBe("| use-lite | 2.00 (×0.50) | 3.00 (×1.00) | – |");
  });
});

describe("parseModelList", () => {
  const root = mkdtempSync(join(tmpdir(), "toolsift-models-list-"));
  mkdirSync(join(root, "models", "a-model"), { recursive: true });
  mkdirSync(join(root, "models", "b"), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("resolves folders against the root, names bare ones by their folder, and skips absent ones with a note", () => {
    const parsed = parseModelList("glove=models/a-model, models/b ,onnx=models/absent", root);
    expect(parsed.models).toEqual([
      { id: "glove", dirs: [join(root, "models", "a-model")] },
      { id: "b", dirs: [join(root, "models", "b")] },
    ]);
    expect(parsed.notes).toEqual(["model onnx skipped: models/absent is not a folder here"]);
  });

  it("joins folders given with +, named by theirs when bare, and skips the model when one is absent", () => {
    const parsed = parseModelList(
      "both=models/a-model+models/b, models/b+models/a-model, x=models/b+models/absent",
      root,
    );
    expect(parsed.models).toEqual([
      { id: "both", dirs: [join(root, "models", "a-model"), join(root, "models", "b")] },
      { id: "b+a-model", dirs: [join(root, "models", "b"), join(root, "models", "a-model")] },
    ]);
    expect(parsed.notes).toEqual(["model x skipped: models/absent is not a folder here"]);
  });

  it("refuses an empty list, a repeated id and an id a table cannot hold", () => {
    expect(() => parseModelList(" , ", root)).toThrow(/no model/);
    expect(() => parseModelList("x=models/b,x=models/a-model", root)).toThrow(/given twice/);
    expect(() => parseModelList("a|b=models/b", root)).toThrow(/not a model id/);
  });
});

describe("measureModelProcesses", () => {
  it("alternates the models, reversing their order every other round, and stops running a model that failed", () => {
    const order: string[] = [];
    const runs = measureModelProcesses(
      [
        { id: "a", dirs: ["/a"] },
        { id: "b", dirs: ["/b"] },
        { id: "c", dirs: ["/c"] },
      ],
      {
        runs: 3,
        catalogueFile: "unused.json",
        cwd: ".",
        modules: { root: "unused", testing: "unused" },
        probe: (model) => {
          order.push(model.id);
          if (model.id === "c") throw new Error("no transformers");
          const fields = ["firstAnswerMs", "importMs", "modelLoadMs", "indexMs", "msPerQuery"];
          const memory = ["rssAfterLoadMB", "heapAfterLoadMB", "rssAfterIndexMB", "heapAfterIndexMB", "peakRssMB"];
          return Object.fromEntries([...fields, ...memory].map((name) => [name, order.length]).concat([["tools", 9]]));
        },
      },
    );
    expect(order).toEqual(["a", "b", "c", "b", "a", "a", "b"]);
    expect(runs.map((run) => [run.model, run.runs, run.error])).toEqual([
      ["a", 3, undefined],
      ["b", 3, undefined],
      ["c", 0, "no transformers"],
    ]);
    expect(runs[0]!.firstAnswerMs.samples).toEqual([1, 5, 6]);
    expect(runs[0]!.tools).toBe(9);
  });
});

describe("modelsMarkdown", () => {
  it("heads the report with the commit, the thresholds, the machine's load and the notes", () => {
    const markdown = modelsMarkdown({
      formatVersion: 1,
      startedAt: "2026-12-02T14:00:00.000Z",
      finishedAt: "2026-12-02T14:05:00.000Z",
      commit: { sha: "0123456789abcdef", subject: "feat: x", dirty: true },
      thresholds: ["src/ranking/hybrid/hybrid-ranker.ts: STRONG_SIMILARITY = 0.5;"],
      options: { maxQueries: 1_000, seed: 42, processes: 5, datasets: "../shared/datasets" },
      machine: { cpus: 2, loadStart: 3.25, loadEnd: 9.5 },
      models: [{ id: "glove", dir: "models/glove-100d-sif", embedderId: "g", dimensions: 100 }],
      notes: ["model onnx skipped: models/onnx is not a folder here"],
      sets: [row("a", null, "bm25", 0.8), row("a", "glove", "cosine", 0, { error: "Error: boom" })],
      catalogue: { name: "realistic", tools: 1_000, queries: 26 },
      processes: [],
      install: [],
      installNote: "how the sizes were made",
    });
    expect(markdown).toContain("- toolsift commit: `0123456789ab` (feat: x), with uncommitted changes");
    expect(markdown).toContain("  - `src/ranking/hybrid/hybrid-ranker.ts: STRONG_SIMILARITY = 0.5;`");
    expect(markdown).toContain("on 2 cores, 1-minute load average 3.3 at the start and 9.5 at the end");
    expect(markdown).toContain("- note: model onnx skipped: models/onnx is not a folder here");
    expect(markdown).toContain("(needs two models measured on at least two sets)");
    expect(markdown).toContain("- a × glove cosine: Error: boom");
  });
});
