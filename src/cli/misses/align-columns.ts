/**
 * Rows of cells as lines with every column padded to its widest cell; numbers (`right`) are
 * padded on the left. The last column is not padded, so a long list of tools does not push
 * trailing spaces. Widths count code points: wide characters may still shift a row.
 */
export function alignColumns(rows: readonly (readonly string[])[], right: readonly boolean[] = []): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return rows.map((row) =>
    row
      .map((cell, i) => {
        if (i === row.length - 1 && !right[i]) return cell;
        const pad = " ".repeat(widths[i]! - width(cell));
        return right[i] ? pad + cell : cell + pad;
      })
      .join("  ")
      .trimEnd(),
  );
}

function width(cell: string): number {
  let count = 0;
  for (const _ of cell) count++;
  return count;
}
