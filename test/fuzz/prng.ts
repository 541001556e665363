import { Prng as SeededSource } from "../../bench/scale/prng.js";

/**
 * The fuzz suites' picks, drawn from the bench's seeded mulberry32 source, so every run draws
 * the same cases: a failure reproduces from its seed alone.
 */
export class Prng {
  private readonly source: SeededSource;

  constructor(seed: number) {
    this.source = new SeededSource(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.source.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + this.source.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return this.source.pick(items);
  }

  /** One of several makers, called. */
  oneOf<T>(makers: readonly (() => T)[]): T {
    return this.pick(makers)();
  }

  word(maxLength = 8): string {
    const letters = "abcdefghijklmnopqrstuvwxyz_";
    return Array.from({ length: this.int(1, maxLength) }, () => this.pick([...letters])).join("");
  }
}
