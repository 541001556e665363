/**
 * Reads the project's Markdown the way a reader follows it: the pages, their headings' anchors,
 * their relative links, and their fenced code blocks. Only what the docs test checks.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** A fenced code block: its info string (```ts fragment → "ts fragment"), text and first line. */
export interface CodeBlock {
  info: string;
  code: string;
  /** 1-based line of the block's first code line in its page. */
  line: number;
}

/** A link in a page's prose: `[text](target)`. */
export interface Link {
  target: string;
  line: number;
}

export interface Page {
  /** Path relative to the repository root, with `/` separators. */
  path: string;
  links: Link[];
  /** Anchors of the page's headings, as GitHub renders them. */
  anchors: Set<string>;
  blocks: CodeBlock[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** README.md and every Markdown file under docs/, as repository-relative paths. */
export function docPaths(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".md") ? [path] : [];
    });
  return ["README.md", ...walk(join(root, "docs")).map((path) => relative(root, path).split("\\").join("/"))];
}

/**
 * GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept),
 * spaces as hyphens; a repeated anchor gets `-1`, `-2`, … .
 */
export function anchorOf(heading: string, seen: Map<string, number>): string {
  const base = heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

/** Splits one page into its links, heading anchors and code blocks (fenced code holds no links). */
export function parsePage(path: string, text: string): Page {
  const page: Page = { path, links: [], anchors: new Set(), blocks: [] };
  const seen = new Map<string, number>();
  const lines = text.split("\n");
  let fence: { marker: string; block: CodeBlock; body: string[] } | undefined;
  lines.forEach((line, index) => {
    const match = FENCE.exec(line);
    if (fence) {
      if (match?.[2]?.startsWith(fence.marker) && match[3]?.trim() === "") {
        fence.block.code = fence.body.join("\n");
        page.blocks.push(fence.block);
        fence = undefined;
      } else fence.body.push(line);
      return;
    }
    // As in CommonMark, a backtick fence's info string holds no backtick (else it is inline code).
    if (match?.[2] && !(match[2].startsWith("`") && match[3]?.includes("`"))) {
      fence = { marker: match[2], block: { info: match[3]?.trim() ?? "", code: "", line: index + 2 }, body: [] };
      return;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) page.anchors.add(anchorOf(heading[1], seen));
    // Inline code may show link syntax as an example; it is not a link.
    const prose = line.replace(/`[^`]*`/g, "");
    for (const link of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      if (link[1] !== undefined) page.links.push({ target: link[1], line: index + 1 });
  });
  if (fence) throw new Error(`${path}: the code block that starts on line ${fence.block.line - 1} is never closed`);
  return page;
}

export function readPages(root: string): Page[] {
  return docPaths(root).map((path) => parsePage(path, readFileSync(join(root, path), "utf8")));
}
