/** Pretty JSON with a final newline, the same bytes for the same value. */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
