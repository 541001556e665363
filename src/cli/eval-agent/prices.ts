import { OptionsError } from "../../errors.js";
import { readBoundedFile } from "../../gateway/index.js";
import type { TaskTokens } from "./score-run.js";

/** US dollars per million tokens of one model. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Cached input read; defaults to `input`. */
  cacheRead?: number;
  /** Input written to the cache; defaults to `input`. */
  cacheWrite?: number;
}

/**
 * Estimates only: list prices per million tokens, for `--max-cost` and `--dry-run`. Anthropic's
 * are from its pricing page (platform.claude.com, "Model pricing": base input, 5-minute cache
 * writes, cache hits, output); OpenAI's from its pricing page as reported in public mirrors
 * (cached input a tenth of input on the GPT-5 family, a quarter on GPT-4.1). Read on
 * 2026-12-01; prices change, so pass `--prices <file>` with your own.
 */
export const BUILT_IN_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-opus-5": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  "claude-opus-4-7": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  "claude-opus-4-6": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  "claude-opus-4-5": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  "claude-opus-4-1": { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  "claude-sonnet-5": { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 },
  "claude-sonnet-4-6": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  "claude-sonnet-4-5": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  "claude-haiku-4-5": { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  "gpt-5.4": { input: 2.5, output: 15, cacheRead: 0.25 },
  "gpt-5.4-mini": { input: 0.75, output: 4.5, cacheRead: 0.075 },
  "gpt-5": { input: 1.25, output: 10, cacheRead: 0.125 },
  "gpt-5-mini": { input: 0.25, output: 2, cacheRead: 0.025 },
  "gpt-4.1": { input: 2, output: 8, cacheRead: 0.5 },
};

/** The price of a model: from `--prices` when it names the model, else the built-in estimate. */
export interface PriceLookup {
  price: ModelPrice | undefined;
  /** Where it came from, for the report. */
  source: "prices-file" | "built-in estimate" | "none";
}

/**
 * The price of `model`. `file` is a JSON object of model names to `{ input, output, cacheRead?,
 * cacheWrite? }` in USD per million tokens; a dated model id (`claude-sonnet-4-5-20250929`)
 * takes the price of its undated name.
 *
 * @throws {@link OptionsError} for a prices file that is not that shape.
 */
export function priceOf(model: string, file: string | undefined): PriceLookup {
  const undated = model.replace(/-\d{8}$/, "");
  if (file !== undefined) {
    const table = readPrices(file);
    const price = table[model] ?? table[undated];
    if (price) return { price, source: "prices-file" };
  }
  const price = BUILT_IN_PRICES[model] ?? BUILT_IN_PRICES[undated];
  return price ? { price, source: "built-in estimate" } : { price: undefined, source: "none" };
}

/** What tokens cost at a price, in USD. */
export function costOf(tokens: Omit<TaskTokens, "totalInput">, price: ModelPrice): number {
  return (
    (tokens.input * price.input +
      tokens.cacheRead * (price.cacheRead ?? price.input) +
      tokens.cacheCreation * (price.cacheWrite ?? price.input) +
      tokens.output * price.output) /
    1_000_000
  );
}

const PRICE_SHAPE =
  'The file is one JSON object: {"my-model": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}} (USD per million tokens).';

function readPrices(file: string): Record<string, ModelPrice> {
  const text = readBoundedFile(file, PRICE_SHAPE, 1024 * 1024);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new OptionsError(
      "invalid_prices",
      `${file}: is not JSON (${error instanceof Error ? error.message : String(error)}). ${PRICE_SHAPE}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new OptionsError("invalid_prices", `${file}: is not a JSON object. ${PRICE_SHAPE}`);
  for (const [model, price] of Object.entries(value)) {
    const fields = typeof price === "object" && price !== null ? (price as Record<string, unknown>) : {};
    const bad = ["input", "output", "cacheRead", "cacheWrite"].find((field) => {
      const number = fields[field];
      const optional = field.startsWith("cache");
      return (
        !(optional && number === undefined) && !(typeof number === "number" && number >= 0 && Number.isFinite(number))
      );
    });
    if (bad !== undefined)
      throw new OptionsError(
        "invalid_prices",
        `${file}: "${model}".${bad} is not a price (a number of 0 or more). ${PRICE_SHAPE}`,
      );
  }
  return value as Record<string, ModelPrice>;
}
