/**
 * Checks an hnswlib graph file field by field before the native library reads it: hnswlib
 * trusts its input, and an out-of-range entry point, level or link in a damaged file crashes
 * the process (SIGSEGV) instead of failing. The layout is hnswlib's `saveIndex`: a header,
 * every element's level-0 block (links, vector, label), then each element's upper-level links.
 *
 * @returns what is wrong, or `undefined` for a file hnswlib can read safely.
 */
export function checkHnswGraph(bytes: Uint8Array, dimensions: number): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER_BYTES) return `it is ${bytes.length} bytes, shorter than its header`;
  const size = (index: number) => Number(view.getBigUint64(index * 8, true));
  const offsetLevel0 = size(0);
  const maxElements = size(1);
  const count = size(2);
  const bytesPerElement = size(3);
  const labelOffset = size(4);
  const dataOffset = size(5);
  const maxLevel = view.getInt32(48, true);
  const entryPoint = view.getUint32(52, true);
  const maxM = Number(view.getBigUint64(56, true));
  const maxM0 = Number(view.getBigUint64(64, true));
  const m = Number(view.getBigUint64(72, true));

  const level0LinkBytes = maxM0 * 4 + 4;
  const upperLinkBytes = maxM * 4 + 4;
  if (offsetLevel0 !== 0) return "its level-0 offset is not 0";
  if (!(m >= 2 && m <= 10_000 && maxM === m && maxM0 === 2 * m))
    return `its link counts (M ${m}, max ${maxM}, level-0 max ${maxM0}) are inconsistent`;
  if (
    dataOffset !== level0LinkBytes ||
    labelOffset !== dataOffset + dimensions * 4 ||
    bytesPerElement !== labelOffset + 8
  ) {
    return `its element layout does not fit ${dimensions}-dimension vectors`;
  }
  if (count > maxElements) return `it holds ${count} elements, more than its capacity ${maxElements}`;
  if (count === 0) return bytes.length === HEADER_BYTES ? undefined : "it is empty but longer than its header";
  if (entryPoint >= count) return `its entry point ${entryPoint} is outside its ${count} elements`;
  if (maxLevel < 0 || maxLevel > MAX_LEVEL) return `its top level ${maxLevel} is out of range`;

  const level0End = HEADER_BYTES + count * bytesPerElement;
  if (level0End > bytes.length) return "it is cut short in its element blocks";
  const badLinks = (from: number, max: number): string | undefined => {
    const links = view.getUint16(from, true);
    if (links > max) return `an element lists ${links} links, more than ${max}`;
    for (let i = 0; i < links; i++) {
      if (view.getUint32(from + 4 + i * 4, true) >= count) return "a link points outside the graph";
    }
    return undefined;
  };
  const labels = new Set<bigint>();
  for (let element = 0; element < count; element++) {
    const start = HEADER_BYTES + element * bytesPerElement;
    const problem = badLinks(start, maxM0);
    if (problem) return problem;
    const label = view.getBigUint64(start + labelOffset, true);
    if (labels.has(label)) return `the label ${label} appears twice`;
    labels.add(label);
  }

  let offset = level0End;
  let topElementLevel = -1;
  for (let element = 0; element < count; element++) {
    if (offset + 4 > bytes.length) return "it is cut short in its upper-level links";
    const linkBytes = view.getUint32(offset, true);
    offset += 4;
    if (linkBytes % upperLinkBytes !== 0) return "an element's upper-level links have a torn size";
    const levels = linkBytes / upperLinkBytes;
    if (levels > maxLevel) return `an element claims level ${levels}, above the graph's top level ${maxLevel}`;
    if (offset + linkBytes > bytes.length) return "it is cut short in its upper-level links";
    for (let level = 0; level < levels; level++) {
      const problem = badLinks(offset + level * upperLinkBytes, maxM);
      if (problem) return problem;
    }
    if (element === entryPoint) topElementLevel = levels;
    offset += linkBytes;
  }
  if (offset !== bytes.length) return `it has ${bytes.length - offset} bytes after its last element`;
  if (topElementLevel !== maxLevel) return "its entry point is not on its top level";
  return undefined;
}

/** Six size_t, two 32-bit ints, three size_t, a double, a size_t. */
const HEADER_BYTES = 96;
/** HNSW levels grow with log(count); no real graph comes near this. */
const MAX_LEVEL = 64;

/** The labels of a checked graph's elements that are not marked deleted. */
export function liveHnswLabels(bytes: Uint8Array): Set<number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Number(view.getBigUint64(16, true));
  const bytesPerElement = Number(view.getBigUint64(24, true));
  const labelOffset = Number(view.getBigUint64(32, true));
  const live = new Set<number>();
  for (let element = 0; element < count; element++) {
    const start = HEADER_BYTES + element * bytesPerElement;
    // hnswlib marks a deleted element in the third byte of its level-0 link header.
    if ((view.getUint8(start + 2) & 0x01) === 0) live.add(Number(view.getBigUint64(start + labelOffset, true)));
  }
  return live;
}
