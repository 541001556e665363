import { describe, expect, it } from "vitest";
import { NO_MATCH_HINT, NO_TOOLS_HINT } from "./search-answer.js";
import { withSearchNotes } from "./search-notes.js";

describe("withSearchNotes: an answer over no tool at all", () => {
  it("tells the model to stop searching instead of asking for other words", () => {
    expect(withSearchNotes({ matches: [], hint: NO_MATCH_HINT }, { noTools: true })).toEqual({
      matches: [],
      hint: NO_TOOLS_HINT,
    });
    expect(withSearchNotes({ matches: [], hint: NO_MATCH_HINT }, {})).toEqual({ matches: [], hint: NO_MATCH_HINT });
  });

  it("lets servers still connecting win: their tools may come, so searching again is right", () => {
    const answer = withSearchNotes(
      { matches: [], hint: NO_MATCH_HINT },
      { noTools: true, unavailable: [{ server: "github", state: "connecting" }] },
    );
    expect(answer.hint).toMatch(/still connecting .* Search again in a few seconds/);
  });
});
