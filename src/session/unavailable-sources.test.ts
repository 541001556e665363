import { describe, expect, it } from "vitest";
import { WEAK_MATCH_HINT } from "./search-answer.js";
import { withUnavailable } from "./unavailable-sources.js";

describe("withUnavailable", () => {
  const down = { server: "jira", state: "down" as const, error: "connection refused" };
  const connecting = { server: "github", state: "connecting" as const };

  it("leaves an answer alone while every server is ready", () => {
    const body = { matches: [], hint: "No tool matched." };
    expect(withUnavailable(body, undefined)).toBe(body);
    expect(withUnavailable(body, [])).toBe(body);
  });

  it("replaces an empty answer's hint: it may be empty only because servers are missing", () => {
    expect(withUnavailable({ matches: [], hint: "No tool matched." }, [down, connecting])).toEqual({
      matches: [],
      hint: expect.stringMatching(
        /^No tool matched among the tools available now, but some servers are still connecting .* Search again in a few seconds/,
      ),
      unavailable: [down, connecting],
    });
    expect(withUnavailable({ matches: [] }, [down]).hint).toMatch(
      /some servers are down .* do not conclude that none exists/,
    );
  });

  it("keeps the hint an answer with matches has, and adds one sentence", () => {
    const matched = withUnavailable({ matches: [{ name: "a" }], hint: "The best match is weak." }, [connecting]);
    expect(matched.hint).toMatch(
      /^The best match is weak\. Some servers are still connecting or down \(see unavailable\)/,
    );
    expect(withUnavailable({ matches: [{ name: "a" }], note: "Call one." }, [down])).toEqual({
      matches: [{ name: "a" }],
      note: "Call one.",
      hint: expect.stringMatching(/^Some servers are still connecting or down/),
      unavailable: [down],
    });
  });

  it("never lets a weak best match read as a missing capability while servers were not searched", () => {
    const weak = withUnavailable({ matches: [{ name: "a" }], hint: WEAK_MATCH_HINT }, [connecting]);
    expect(weak.hint).toMatch(
      /^The best match is weak, and some servers are still connecting or down .* search again later before concluding/,
    );
    expect(weak.hint).not.toContain("lacks");
  });
});
