import { OptionsError } from "../errors.js";
import type { SystemTextBlock } from "../wire/index.js";

/**
 * Checks `runAgent`'s `system`: a string, or an array of text blocks.
 *
 * @throws {@link OptionsError} `invalid_system`.
 */
export function checkSystem(system: unknown): string | SystemTextBlock[] | undefined {
  if (system === undefined || system === "") return undefined;
  if (typeof system === "string") return system;
  if (!Array.isArray(system))
    throw new OptionsError("invalid_system", "system must be a string or an array of text blocks.");
  system.forEach((block: unknown, index) => {
    const text =
      (block as { type?: unknown; text?: unknown } | null)?.type === "text"
        ? (block as { text?: unknown }).text
        : undefined;
    if (typeof text !== "string") {
      throw new OptionsError(
        "invalid_system",
        `system[${index}] is not a text block; system blocks are { type: "text", text: "…" }.`,
      );
    }
  });
  return [...(system as SystemTextBlock[])];
}
