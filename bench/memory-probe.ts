import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Memory a ranker used while it was built and searched, in MiB above the baseline. */
export interface MemoryUsage {
  /** Highest sampled (V8 heap used + external/array-buffer memory) minus the baseline. */
  peakHeapMB: number;
  /** Highest sampled resident set size minus the baseline; includes native memory (ONNX, HNSW). */
  peakRssMB: number;
  /** Heap + external still in use after a full collection with the ranker alive: its index size. */
  retainedMB: number;
  /** Whether full collections were available (otherwise garbage inflates every number). */
  gcExposed: boolean;
}

const MB = 1024 * 1024;

/**
 * A forced full garbage collection, if one can be had. `--expose-gc` is not needed: the flag
 * can be set at run time, after which a fresh V8 context exposes `gc`.
 */
export const collectGarbage: (() => void) | undefined = (() => {
  const existing = (globalThis as { gc?: unknown }).gc;
  if (typeof existing === "function") return existing as () => void;
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
})();

/** Two passes, so memory freed by the first pass's weak callbacks and finalizers goes too. */
function fullCollection(): void {
  collectGarbage?.();
  collectGarbage?.();
}

function heapNow(usage: NodeJS.MemoryUsage): number {
  return usage.heapUsed + usage.external;
}

/**
 * Samples process memory around one ranker's build and searches. Construct it before the
 * ranker exists (it collects garbage and takes the baseline), call `sample()` between calls,
 * and `finish()` while the ranker is still referenced.
 *
 * Samples are taken between calls, never inside one, so a transient peak within a single
 * `update` or `search` that is freed before it returns is not seen.
 */
export class MemoryProbe {
  private readonly baseHeap: number;
  private readonly baseRss: number;
  private peakHeap: number;
  private peakRss: number;

  constructor() {
    fullCollection();
    const usage = process.memoryUsage();
    this.baseHeap = heapNow(usage);
    this.baseRss = usage.rss;
    this.peakHeap = this.baseHeap;
    this.peakRss = this.baseRss;
  }

  sample(): void {
    const usage = process.memoryUsage();
    this.peakHeap = Math.max(this.peakHeap, heapNow(usage));
    this.peakRss = Math.max(this.peakRss, usage.rss);
  }

  finish(): MemoryUsage {
    this.sample();
    fullCollection();
    const retained = heapNow(process.memoryUsage());
    return {
      peakHeapMB: (this.peakHeap - this.baseHeap) / MB,
      peakRssMB: (this.peakRss - this.baseRss) / MB,
      retainedMB: (retained - this.baseHeap) / MB,
      gcExposed: collectGarbage !== undefined,
    };
  }
}
