import { describe, expect, it } from "vitest";
import { OptionsError } from "../src/errors.js";
import { countOption } from "./count-option.js";

describe("countOption", () => {
  it("reads digits within the range", () => {
    expect(countOption("--runs", "7")).toBe(7);
    expect(countOption("--seed", "0", { min: 0 })).toBe(0);
    expect(countOption("--runs", "200", { max: 200 })).toBe(200);
  });

  it.each(["", "0", "-1", "1e3", "0x10", "12abc", " 5", "1.5", "9007199254740993"])(
    "refuses %j with a typed error naming the option and the range",
    (text) => {
      const error = (() => {
        try {
          countOption("--max-queries", text);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(OptionsError);
      expect((error as OptionsError).code).toBe("BENCH_OPTIONS");
      expect((error as Error).message).toBe(`--max-queries "${text}" is not a whole number ≥ 1.`);
    },
  );

  it("refuses a count above the maximum, saying the range", () => {
    expect(() => countOption("--runs", "201", { max: 200 })).toThrow(
      '--runs "201" is not a whole number from 1 to 200.',
    );
  });
});
