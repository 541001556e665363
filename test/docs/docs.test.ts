import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brokenLinks } from "./check-links.js";
import { parsePage, readPages } from "./markdown.js";
import { blockTypeErrors, isChecked } from "./type-check-blocks.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const pages = readPages(root);

describe("the docs (README.md and docs/)", () => {
  it("are README.md and at least one page per task under docs/", () => {
    expect(pages.map((page) => page.path)).toContain("README.md");
    expect(pages.length).toBeGreaterThan(10);
  });

  it("keep README.md a front door of at most 250 lines; the manual is in docs/", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(250);
  });

  it("link only to files and headings that exist", () => {
    expect(brokenLinks(root, pages)).toStrictEqual([]);
  });

  it("have ```ts blocks that type-check against src/ (toolsift → src/index.ts, subpaths → src/public/)", () => {
    expect(pages.flatMap((page) => page.blocks).filter((block) => isChecked(block.info)).length).toBeGreaterThan(5);
    expect(blockTypeErrors(root, pages)).toStrictEqual([]);
  }, 120_000);
});

describe("the docs checks themselves", () => {
  const page = parsePage(
    "docs/example.md",
    [
      "# A page",
      "See [the rankers](rankers.md#adaptive-fusion), [nowhere](missing.md), [here](#a-page) and [gone](#gone).",
      "`[not a link](nowhere.md)`",
      "```ts",
      'const n: number = "text";',
      "```",
      "```ts fragment",
      "const broken: number = ;",
      "```",
    ].join("\n"),
  );

  it("find a missing file and a missing heading, and leave inline code alone", () => {
    const rankers = parsePage("docs/rankers.md", "# Rankers\n## Adaptive fusion\n");
    expect(brokenLinks(root, [page, rankers])).toStrictEqual([
      "docs/example.md:2: missing.md (no file docs/missing.md)",
      "docs/example.md:2: #gone (no heading #gone in docs/example.md)",
    ]);
  });

  it("report a type error at its page and line, and skip a block marked fragment", () => {
    const errors = blockTypeErrors(root, [page]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^docs\/example\.md:5: Type 'string' is not assignable to type 'number'/);
  }, 120_000);
});
