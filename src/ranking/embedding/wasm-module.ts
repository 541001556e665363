/**
 * The little of WebAssembly the vector kernels need: the binary encoding of one exported
 * function over an imported memory, and the engine's API. Each kernel is assembled from its
 * instructions (about 150 bytes): nothing is downloaded or compiled natively, and where the
 * engine has no SIMD, or no WebAssembly at all, the kernel runs in JavaScript instead.
 */

const PAGE_BYTES = 65_536;

// The few WebAssembly APIs used here, typed locally: TypeScript declares them only in the DOM
// library, which a Node library (and its users) should not need.
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}
/** Absent where the host turned WebAssembly off (`node --jitless`): the kernels then run in JavaScript. */
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** A memory the JavaScript loops can use where there is no WebAssembly: it grows by copying. */
function arrayBufferMemory(): WasmMemory {
  let buffer = new ArrayBuffer(PAGE_BYTES);
  return {
    get buffer() {
      return buffer;
    },
    grow(pages) {
      const before = buffer.byteLength / PAGE_BYTES;
      const grown = new ArrayBuffer(buffer.byteLength + pages * PAGE_BYTES);
      new Uint8Array(grown).set(new Uint8Array(buffer));
      buffer = grown;
      return before;
    },
  };
}

/** A kernel: its function over its own memory, in WebAssembly SIMD or, where that is unavailable, JavaScript. */
export interface Kernel<F> {
  /** The memory the function reads and writes; views over it must be re-made after {@link reserve}. */
  readonly memory: WasmMemory;
  readonly simd: boolean;
  /** Makes sure `bytes` of memory exist; growing detaches earlier views of `memory.buffer`. */
  reserve(bytes: number): void;
  run: F;
}

/**
 * A kernel with a memory of one page: the module's exported function, or `inJavaScript`'s
 * where the engine has no SIMD or `useSimd` is false.
 */
export function createKernel<F>(
  module: () => object | undefined,
  exported: string,
  useSimd: boolean,
  inJavaScript: (memory: WasmMemory) => F,
): Kernel<F> {
  const memory = wasm ? new wasm.Memory({ initial: 1 }) : arrayBufferMemory();
  const reserve = (bytes: number) => {
    const missing = bytes - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / PAGE_BYTES));
  };
  const compiled = useSimd && wasm ? module() : undefined;
  if (compiled === undefined || !wasm) return { memory, simd: false, reserve, run: inJavaScript(memory) };
  const run = new wasm.Instance(compiled, { env: { memory } }).exports[exported] as F;
  return { memory, simd: true, reserve, run };
}

// WebAssembly binary encoding (https://webassembly.github.io/spec/core/binary/): just the
// opcodes the kernels use.
export const I32 = 0x7f;
export const V128 = 0x7b;
export const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  drop: 0x1a,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  f32Load: 0x2a,
  f32Store: 0x38,
  i32Const: 0x41,
  f32Const: 0x43,
  i32GeS: 0x4e,
  i32LtS: 0x48,
  i32Add: 0x6a,
  i32And: 0x71,
  i32ShrU: 0x76,
  f32Add: 0x92,
  f32Mul: 0x94,
  f32ConvertI32S: 0xb2,
} as const;
export const simd = {
  prefix: 0xfd,
  v128Load: 0x00,
  v128Store: 0x0b,
  i32x4Splat: 0x11,
  f32x4Splat: 0x13,
  i32x4ExtractLane: 0x1b,
  f32x4ExtractLane: 0x1f,
  i16x8ExtendLowI8x16S: 0x87,
  i16x8ExtendHighI8x16S: 0x88,
  i32x4Add: 0xae,
  i32x4DotI16x8S: 0xba,
  f32x4Add: 0xe4,
  f32x4Mul: 0xe6,
} as const;

/** LEB128, as the binary format writes every count, index and size. */
function unsigned(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/**
 * Signed LEB128, as `i32.const` reads its value: 64 written unsigned (one byte, 0x40) would read
 * as −64.
 */
function signed(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

export const simdOp = (code: number, ...immediates: number[]) => [simd.prefix, ...unsigned(code), ...immediates];
export const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...unsigned(body.length), ...body];
const name = (text: string) => [...unsigned(text.length), ...[...text].map((char) => char.charCodeAt(0))];

/** Instructions on locals, shared by the kernels' bodies. */
export const local = {
  get: (index: number) => [op.localGet, index],
  set: (index: number) => [op.localSet, index],
  /** `index = 0`. */
  zero: (index: number) => [op.i32Const, ...signed(0), op.localSet, index],
  /** `index += amount`, for a non-negative amount. */
  add: (index: number, amount: number) => [
    op.localGet,
    index,
    op.i32Const,
    ...signed(amount),
    op.i32Add,
    op.localSet,
    index,
  ],
};

/** Loads the four floats at the address a local holds, plus `offset` bytes (under 128). */
export const loadV128 = (address: number, offset = 0) => [...local.get(address), ...simdOp(simd.v128Load, 4, offset)];

/** `while (index < limit) { body; index++ }`, from the index's value (0 in a fresh local; reset it with `local.zero` in a loop). */
export function whileBelow(index: number, limit: number, body: readonly number[]): number[] {
  const BREAK_OUT_OF_BLOCK = 1;
  const BACK_TO_LOOP = 0;
  return [
    op.block,
    0x40,
    op.loop,
    0x40,
    ...local.get(index),
    ...local.get(limit),
    op.i32GeS,
    op.brIf,
    BREAK_OUT_OF_BLOCK,
    ...body,
    ...local.add(index, 1),
    op.br,
    BACK_TO_LOOP,
    op.end,
    op.end,
  ];
}

/** `index = 0; do { body } while (++index < limit)`: the body runs at least once. */
export function repeatBelow(index: number, limit: number, body: readonly number[]): number[] {
  return [
    op.i32Const,
    0,
    ...local.set(index),
    op.loop,
    0x40,
    ...body,
    ...local.get(index),
    op.i32Const,
    1,
    op.i32Add,
    op.localTee,
    index,
    ...local.get(limit),
    op.i32LtS,
    op.brIf,
    0,
    op.end,
  ];
}

/**
 * A module exporting one function, `exported`, that takes `parameters` i32 values and returns
 * nothing, over the memory it imports as `env.memory`. `body` starts with its locals' vector
 * and ends with the function's `end`.
 */
export function assembleFunctionModule(exported: string, parameters: number, body: readonly number[]): Uint8Array {
  const FUNCTION_TYPE = 0x60;
  const MEMORY_IMPORT = 0x02;
  const FUNCTION_EXPORT = 0x00;
  const params = Array.from({ length: parameters }, () => [I32]);
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[FUNCTION_TYPE, ...vector(params), 0]])),
    ...section(2, vector([[...name("env"), ...name("memory"), MEMORY_IMPORT, 0x00, 1]])),
    ...section(3, vector([[0]])),
    ...section(7, vector([[...name(exported), FUNCTION_EXPORT, 0]])),
    ...section(10, vector([[...unsigned(body.length), ...body]])),
  ]);
}

/**
 * Compiles a kernel's module once per process: `undefined` where this engine cannot run it
 * (no WebAssembly SIMD), and the caller then runs the same loop in JavaScript.
 */
export function simdModule(assemble: () => Uint8Array): () => object | undefined {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      const bytes = assemble();
      compiled = wasm?.validate(bytes) ? new wasm.Module(bytes) : null;
    }
    return compiled ?? undefined;
  };
}
