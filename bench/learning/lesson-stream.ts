import type { BenchQuery } from "../load-dataset.js";
import { Prng } from "../scale/prng.js";

/** How a stream of lessons is drawn from a set's taught queries: see {@link lessonStream}. */
export interface LessonStreamOptions {
  /** Lessons in the stream. */
  count: number;
  /** Share of lessons whose session called a tool the query does not expect (a confused model). */
  noise: number;
  seed: number;
}

/**
 * The lessons real sessions would teach, one session each, in order: the taught queries once
 * each (in the order given), then, when the set has fewer than `count`, draws from them again
 * (popular requests recur, from other sessions). A `noise` share of lessons teaches one wrong
 * tool instead, drawn among `tools`. The noise draws use their own generator, so a run without
 * noise over a large set is the plain one-pass stream.
 */
export function lessonStream(
  taught: readonly BenchQuery[],
  tools: readonly string[],
  options: LessonStreamOptions,
): BenchQuery[] {
  if (taught.length === 0) return [];
  const repeats = new Prng(options.seed);
  const errors = new Prng(options.seed + 7);
  const stream: BenchQuery[] = [];
  for (let i = 0; i < options.count; i++) {
    const query = i < taught.length ? taught[i]! : taught[repeats.int(taught.length)]!;
    if (errors.next() >= options.noise) {
      stream.push(query);
      continue;
    }
    const wrong = tools.filter((name) => !query.expected.includes(name));
    stream.push({ ...query, expected: [wrong[errors.int(wrong.length)]!] });
  }
  return stream;
}
