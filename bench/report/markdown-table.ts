/** A Markdown table; the first `textColumns` columns are left-aligned, the rest (numbers) right-aligned. */
export function table(header: string[], rows: string[][], textColumns = 2): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const align = header.map((_, i) => (i < textColumns ? "---" : "---:"));
  return [line(header), line(align), ...rows.map(line)].join("\n");
}

/** A row for a failed run: the leading cells, the error (pipes escaped) and empty cells up to `width`. */
export function errorCells(leading: string[], error: string | undefined, width: number): string[] {
  return [
    ...leading,
    `error: ${String(error).replaceAll("|", "\\|")}`,
    ...Array<string>(Math.max(0, width - leading.length - 1)).fill(""),
  ];
}
