/**
 * A PNG decoder for tests, on node:zlib alone: 8-bit RGB or RGBA, not interlaced (what headless
 * Chromium's screenshots are). Anything else throws, naming what it found, rather than guessing.
 */
import { inflateSync } from "node:zlib";

export interface Image {
  width: number;
  height: number;
  /** RGB per pixel, row by row: `(y * width + x) * 3`. Alpha, if any, is dropped. */
  rgb: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function decodePng(png: Buffer): Image {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: the signature differs");
  let offset = 8;
  let header: { width: number; height: number; channels: number } | undefined;
  const data: Buffer[] = [];
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === "IHDR") {
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), channels: colour === 2 ? 3 : 4 };
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
  }
  if (!header) throw new Error("not a PNG: no IHDR chunk");
  const { width, height, channels } = header;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      pixels[y * stride + x] = (line[x]! + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      throw new Error(`corrupt PNG: filter type ${filter}`);
  }
}

/** How many pixels are exactly `hex` (`#rrggbb`). */
export function countColour(image: Image, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i < image.rgb.length; i += 3)
    if (image.rgb[i] === r && image.rgb[i + 1] === g && image.rgb[i + 2] === b) count++;
  return count;
}

/** How many distinct colours the image holds: a blank page has one. */
export function distinctColours(image: Image): number {
  const seen = new Set<number>();
  for (let i = 0; i < image.rgb.length; i += 3)
    seen.add((image.rgb[i]! << 16) | (image.rgb[i + 1]! << 8) | image.rgb[i + 2]!);
  return seen.size;
}
