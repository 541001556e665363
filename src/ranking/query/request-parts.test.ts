import { describe, expect, it } from "vitest";
import { MAX_REQUEST_PARTS, splitRequests } from "./request-parts.js";

describe("splitRequests", () => {
  it.each([
    [
      "book a flight to Paris and then email the itinerary to Sam",
      ["book a flight to Paris", "email the itinerary to Sam"],
    ],
    [
      "scale the web deployment to 10 and post a datadog event about it",
      ["scale the web deployment to 10", "post a datadog event about it"],
    ],
    ["snapshot the db volume, then stop the staging instance", ["snapshot the db volume", "stop the staging instance"]],
    [
      "Get a quote for the restaurant. After that, create an administrator. Finally, retrieve the guidelines.",
      ["Get a quote for the restaurant.", "create an administrator.", "retrieve the guidelines."],
    ],
    [
      "Fetch the statistics on media sources? Additionally, I'm interested in startup news.",
      ["Fetch the statistics on media sources?", "I'm interested in startup news."],
    ],
  ])("splits %j", (query, parts) => {
    expect(splitRequests(query)).toEqual(parts);
  });

  it.each([
    "find the area and perimeter of a circle",
    "search repositories for rust and go web frameworks",
    "Imagine two racing cars on a track. The first starts from rest. Can you determine their final velocities?",
    "what meetings do I have tomorrow",
    "and then",
  ])("keeps %j whole", (query) => {
    expect(splitRequests(query)).toEqual([query]);
  });

  it("keeps at most MAX_REQUEST_PARTS parts, the rest in the last", () => {
    const query = Array.from({ length: 20 }, (_, i) => `create item ${i}`).join(" and ");
    const parts = splitRequests(query);
    expect(parts).toHaveLength(MAX_REQUEST_PARTS);
    expect(parts.at(-1)).toContain("create item 19");
  });
});
