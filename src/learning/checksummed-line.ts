import { crc32 } from "node:zlib";

const SPACE = 0x20;

/**
 * One record of an append-only file: the CRC-32 of the JSON in hex, a space, the JSON, a newline.
 * The checksum lets a reader skip a line torn by a crash or changed on disk instead of trusting it.
 */
export function checksummedLine(json: string): string {
  return `${crc32(json).toString(16).padStart(8, "0")} ${json}\n`;
}

/**
 * The value a {@link checksummedLine} holds (its newline left off), or `undefined` when the line
 * is too short, fails its checksum or is not JSON. What the value means is the caller's to check.
 */
export function readChecksummedLine(line: Buffer): unknown {
  if (line.length < 10 || line[8] !== SPACE) return undefined;
  const json = line.subarray(9);
  if (crc32(json).toString(16).padStart(8, "0") !== line.subarray(0, 8).toString("latin1")) return undefined;
  try {
    return JSON.parse(json.toString("utf8"));
  } catch {
    return undefined;
  }
}
