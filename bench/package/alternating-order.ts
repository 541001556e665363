/**
 * The order to run `items` in fresh processes, `runs` rounds of each: every round runs each item
 * once, and every other round reverses the order, so neither a machine that slows down mid-run
 * nor the disk cache a previous process warmed favours one item.
 *
 * @example
 * ```ts
 * alternatingOrder(["a", "b"], 2); // [{ run: 0, item: "a" }, { run: 0, item: "b" }, { run: 1, item: "b" }, { run: 1, item: "a" }]
 * ```
 */
export function alternatingOrder<T>(items: readonly T[], runs: number): { run: number; item: T }[] {
  const order: { run: number; item: T }[] = [];
  for (let run = 0; run < runs; run++) {
    for (const item of run % 2 === 0 ? items : [...items].reverse()) order.push({ run, item });
  }
  return order;
}
