// Per-folder mutation scores from a Stryker JSON report (the mutation-testing-report schema), as
// a small markdown table and JSON, so a claimed score can be committed and checked without the
// report itself (megabytes, and gitignored): `npm run mutate:gateway` ends by writing them.
// `npx tsx scripts/mutation/mutation-summary.ts <report.json> <out-dir>`.

/** Counts per status, as Stryker names them, and the score it would report. */
export interface FolderScore {
  folder: string;
  mutants: number;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  /** Ignored (known equivalents), compile and runtime errors: not in the score. */
  ignored: number;
  /** Detected (killed, timed out) over valid (those and survived, no coverage), in percent, 2 decimals. */
  score: number;
}

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

function parseReport(value: unknown): Report {
  const files = (value as { files?: unknown } | null)?.files;
  if (typeof files !== "object" || files === null)
    throw new Error("mutation-summary: the report has no `files` object; is it Stryker's JSON report?");
  for (const [file, entry] of Object.entries(files)) {
    if (!Array.isArray((entry as { mutants?: unknown } | null)?.mutants))
      throw new Error(`mutation-summary: the report's entry for ${file} has no mutants array.`);
  }
  return { files: files as Report["files"] };
}

/** A file's path relative to the project, with `/` separators. */
function relativeOf(file: string, root: string): string {
  const relative = file.startsWith(root) ? file.slice(root.length).replace(/^[/\\]/, "") : file;
  return relative.replaceAll("\\", "/");
}

/** The folder a file counts under: its directory, relative to the project. */
function folderOf(file: string, root: string): string {
  return relativeOf(file, root).split("/").slice(0, -1).join("/");
}

/** Scores per folder (or per file), sorted by name, then the total. */
export function summarize(value: unknown, root: string, by: "folder" | "file" = "folder"): FolderScore[] {
  const report = parseReport(value);
  const byFolder = new Map<string, FolderScore>();
  const blank = (folder: string): FolderScore => ({
    folder,
    mutants: 0,
    killed: 0,
    survived: 0,
    timeout: 0,
    noCoverage: 0,
    ignored: 0,
    score: 0,
  });
  const total = blank("total");
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const folder = by === "folder" ? folderOf(file, root) : relativeOf(file, root);
    const score = byFolder.get(folder) ?? blank(folder);
    byFolder.set(folder, score);
    for (const { status } of mutants) {
      for (const counts of [score, total]) {
        counts.mutants++;
        if (status === "Killed") counts.killed++;
        else if (status === "Survived") counts.survived++;
        else if (status === "Timeout") counts.timeout++;
        else if (status === "NoCoverage") counts.noCoverage++;
        else counts.ignored++;
      }
    }
  }
  const scores = [...[...byFolder.values()].sort((a, b) => a.folder.localeCompare(b.folder)), total];
  for (const counts of scores) {
    const detected = counts.killed + counts.timeout;
    const valid = detected + counts.survived + counts.noCoverage;
    counts.score = valid === 0 ? 100 : Math.round((detected / valid) * 10_000) / 100;
  }
  return scores;
}

/** The scores as a markdown table; `heading` names the first column. */
export function markdownOf(scores: readonly FolderScore[], heading = "folder"): string {
  const rows = scores.map(
    (s) =>
      `| ${s.folder} | ${s.mutants} | ${s.killed} | ${s.survived} | ${s.timeout} | ${s.noCoverage} | ${s.ignored} | ${s.score.toFixed(2)}% |`,
  );
  return [
    `| ${heading} | mutants | killed | survived | timeout | no coverage | ignored | score |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}
