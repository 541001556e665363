/** Where a generated region lies: the text between a line holding `begin` and a line holding `end`. */
export function markedRegion(text: string, begin: string, end: string): { start: number; stop: number } {
  const first = text.indexOf(begin);
  const last = text.indexOf(end, first + begin.length);
  if (first < 0 || last < 0)
    throw new Error(`The markers "${begin}" … "${end}" are missing: put them back around the generated part.`);
  return { start: text.indexOf("\n", first) + 1, stop: text.lastIndexOf("\n", last) + 1 };
}

/** The generated region's text. */
export function betweenMarkers(text: string, begin: string, end: string): string {
  const { start, stop } = markedRegion(text, begin, end);
  return text.slice(start, stop);
}

/** The text with its generated region replaced. */
export function replaceBetween(text: string, begin: string, end: string, region: string): string {
  const { start, stop } = markedRegion(text, begin, end);
  return `${text.slice(0, start)}${region}\n${text.slice(stop)}`;
}
