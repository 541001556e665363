/** How bad a lint finding is; `--fail-on` compares against it. */
export type Severity = "error" | "warning";

/** One problem the lint found with a tool (or a pair of tools). */
export interface Finding {
  severity: Severity;
  /**
   * Stable: `missing-description`, `unusable-definition`, `mended-schema`, `long-first-sentence`,
   * `name-only-sentence`, `keyword-stuffing`, `near-duplicate`, `not-first-by-sentence`,
   * `not-first-by-name`.
   */
  code: string;
  /** The tool, or both tools of a pair. */
  tools: string[];
  /** What is wrong and what to change, in one or two sentences. */
  message: string;
}

/** Whether any finding is at `level` or worse. */
export function reaches(findings: readonly Finding[], level: Severity): boolean {
  return findings.some((finding) => finding.severity === "error" || level === "warning");
}
