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

  describe("sentence by sentence", () => {
    it.each([
      [
        "two questions, each a request",
        'Can you add a schedule for 2pm called "Meeting with John"? Can you remind me 10 minutes before?',
        ['Can you add a schedule for 2pm called "Meeting with John"?', "Can you remind me 10 minutes before?"],
      ],
      [
        "context stays with the request it introduces; a cue inside a clause does not cut it",
        "I'm planning a trip to Rome. Can you find flights for May? Can you also book a hotel near the station?",
        ["I'm planning a trip to Rome. Can you find flights for May?", "Can you also book a hotel near the station?"],
      ],
      [
        "a sentence holding `also` makes a request whole, not a fragment before it",
        "Can you fetch the pre-match form for the rugby match? We would also like to see the incidents.",
        ["Can you fetch the pre-match form for the rugby match?", "We would also like to see the incidents."],
      ],
      [
        "a title's full stop ends no sentence",
        "Can you cancel my appointment with Dr. Chen on May 5th? Can you record my blood pressure too?",
        ["Can you cancel my appointment with Dr. Chen on May 5th?", "Can you record my blood pressure too?"],
      ],
    ])("splits %s", (_, query, parts) => {
      expect(splitRequests(query)).toEqual(parts);
    });

    it.each([
      ["details of the request before them", "Can you list the top-rated movies? Please sort them by rating."],
      ["a closing remark", "Can you show me the channel clips and details? I'm eager to learn more. Thank you!"],
    ])("keeps %s with it", (_, query) => {
      expect(splitRequests(query)).toEqual([query]);
    });

    it("adds a question that refers back to a cued request to that request", () => {
      expect(
        splitRequests(
          "Can you fetch quote 59 by Ricciardo? Additionally, I want to show his photo. Can you provide that as well?",
        ),
      ).toEqual(["Can you fetch quote 59 by Ricciardo?", "I want to show his photo. Can you provide that as well?"]);
    });
  });

  it("splits clause by clause only on cues when asked to", () => {
    const query = "Can you add a schedule for 2pm? Can you remind me 10 minutes before?";
    expect(splitRequests(query, "clauses")).toEqual([query]);
    expect(splitRequests("Can you find flights? Can you also book a hotel?", "clauses")).toEqual([
      "Can you find flights? Can you",
      "book a hotel?",
    ]);
  });

  it("keeps at most MAX_REQUEST_PARTS parts, the rest in the last", () => {
    const query = Array.from({ length: 20 }, (_, i) => `create item ${i}`).join(" and ");
    const parts = splitRequests(query);
    expect(parts).toHaveLength(MAX_REQUEST_PARTS);
    expect(parts.at(-1)).toContain("create item 19");
  });
});
