import { describe, expect, it } from "vitest";
import { MAX_OPENAI_DESCRIPTION, fitDescription } from "./openai-shared.js";

describe("fitDescription", () => {
  it("leaves a description of exactly 1,024 characters alone", () => {
    const exact = "a".repeat(MAX_OPENAI_DESCRIPTION);
    expect(fitDescription(exact)).toBe(exact);
  });

  it("cuts a description without spaces to 1,023 characters and an ellipsis", () => {
    expect(fitDescription("a".repeat(MAX_OPENAI_DESCRIPTION + 1))).toBe(`${"a".repeat(MAX_OPENAI_DESCRIPTION - 1)}…`);
  });

  it("cuts at the last space when it lies past the middle, dropping the space", () => {
    expect(fitDescription(`${"a".repeat(600)}  ${"b".repeat(600)}`)).toBe(`${"a".repeat(600)}…`);
  });

  it("cuts mid-word rather than lose more than half the description to a space", () => {
    // The only space sits exactly at the middle (index 512): cutting there would lose half the text.
    expect(fitDescription(`${"a".repeat(512)} ${"b".repeat(600)}`)).toBe(`${"a".repeat(512)} ${"b".repeat(510)}…`);
    expect(fitDescription(`${"a".repeat(513)} ${"b".repeat(600)}`)).toBe(`${"a".repeat(513)}…`);
  });

  it("never ends the cut in half a surrogate pair", () => {
    // Unit 1,022 is the high half of an emoji: the cut drops it rather than split the pair.
    expect(fitDescription(`${"a".repeat(1022)}${"😀".repeat(10)}`)).toBe(`${"a".repeat(1022)}…`);
  });

  it("keeps a whole emoji earlier in the text", () => {
    expect(fitDescription(`😀${"a".repeat(1100)}`)).toBe(`😀${"a".repeat(1021)}…`);
  });
});
