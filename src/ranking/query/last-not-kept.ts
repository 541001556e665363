import type { RankedTool } from "../ranker.js";

/**
 * The lowest of `top` still chosen that is not kept (nor spared): the place a tool the answer
 * must hold takes. `undefined` when every place is kept or spared.
 */
export function lastNotKept(
  top: readonly RankedTool[],
  chosen: ReadonlySet<string>,
  kept: ReadonlySet<string>,
  spared: (name: string) => boolean = () => false,
): string | undefined {
  for (let i = top.length - 1; i >= 0; i--) {
    const name = top[i]!.name;
    if (chosen.has(name) && !kept.has(name) && !spared(name)) return name;
  }
  return undefined;
}
