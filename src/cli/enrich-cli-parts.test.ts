import { describe, expect, it } from "vitest";
import { progressBar } from "./enrich-progress.js";
import { UsageError, parseCli } from "./parse-cli.js";

describe("parseCli enrich", () => {
  it("reads the command with its defaults, and every option", () => {
    expect(parseCli(["enrich", "--tools", "t.json", "--provider", "anthropic", "--model", "claude-x"])).toEqual({
      command: "enrich",
      source: { kind: "tools", file: "t.json" },
      provider: "anthropic",
      model: "claude-x",
      out: "toolsift.enrichment.json",
      requests: 8,
      concurrency: 4,
      dryRun: false,
    });
    expect(
      parseCli([
        "enrich",
        "-c",
        "m.json",
        "--provider",
        "openai",
        "-m",
        "gpt",
        "-o",
        "e.json",
        "--requests",
        "2",
        "--concurrency",
        "16",
      ]),
    ).toMatchObject({
      source: { kind: "config", file: "m.json" },
      provider: "openai",
      out: "e.json",
      requests: 2,
      concurrency: 16,
    });
    // A dry run spends nothing, so it needs no provider or model.
    expect(parseCli(["enrich", "--tools", "t.json", "--dry-run"])).toMatchObject({ dryRun: true, model: "" });
  });

  it("refuses what it cannot run, saying what to pass", () => {
    const problem = (args: string[]) => {
      try {
        parseCli(args);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(problem(["enrich", "--provider", "anthropic", "--model", "m"])).toMatch(/needs --config <file>.*or --tools/);
    expect(problem(["enrich", "-t", "t.json", "--model", "m"])).toMatch(/needs --provider anthropic\|openai/);
    expect(problem(["enrich", "-t", "t.json", "--provider", "gemini", "--model", "m"])).toMatch(
      /--provider takes anthropic or openai, not "gemini"/,
    );
    expect(problem(["enrich", "-t", "t.json", "--provider", "openai"])).toMatch(/needs --model <id>/);
    expect(problem(["enrich", "-t", "t.json", "--dry-run", "--requests", "33"])).toMatch(
      /--requests takes a whole number from 1 to 32/,
    );
    expect(problem(["enrich", "-t", "t.json", "--dry-run", "--concurrency", "0"])).toMatch(
      /--concurrency takes a whole number from 1 to 32/,
    );
    expect(problem(["enrich", "-t", "t.json", "--dry-run", "extra"])).toMatch(/unexpected argument "extra"/);
  });
});

describe("the enrich progress bar", () => {
  it("redraws in place on a terminal", () => {
    const written: string[] = [];
    const bar = progressBar(4, { tty: true, write: (text) => written.push(text), line: () => expect.fail("no lines") });
    bar.update(1);
    bar.update(4);
    bar.end();
    expect(written).toEqual([
      "\rtoolsift: enrich [######------------------] 1/4 (25%)",
      "\rtoolsift: enrich [########################] 4/4 (100%)",
      "\n",
    ]);
  });

  it("writes a line per tenth elsewhere, not one per tool", () => {
    const lines: string[] = [];
    const bar = progressBar(200, {
      tty: false,
      write: () => expect.fail("no redraw"),
      line: (text) => lines.push(text),
    });
    for (let done = 1; done <= 200; done++) bar.update(done);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("enrich: 20/200 tools (10%)");
    expect(lines.at(-1)).toBe("enrich: 200/200 tools (100%)");
  });
});
