import { describe, expect, it } from "vitest";
import { ExactNames } from "./exact-names.js";
import { namedFirst, QueryPlan } from "./query-plan.js";
import { ToolFamilies } from "./tool-families.js";

const hit = (name: string, score: number) => ({ name, score });

describe("namedFirst", () => {
  it("keeps a named tool's score when it already leads", () => {
    expect(namedFirst([hit("a", 5), hit("b", 3)], ["a"])).toEqual([
      { ...hit("a", 5), confidence: "strong" },
      hit("b", 3),
    ]);
  });

  it("lifts a named tool just above the best of the rest, keeping the list sorted", () => {
    const result = namedFirst([hit("a", 5), hit("b", 3), hit("c", 1)], ["c", "b"]);
    expect(result.map((entry) => entry.name)).toEqual(["c", "b", "a"]);
    for (let i = 1; i < result.length; i++) expect(result[i - 1]!.score).toBeGreaterThan(result[i]!.score);
    expect(result[1]!.score).toBeCloseTo(5, 4);
  });

  it("adds a named tool the ranking did not find, and gives a lone one a score", () => {
    expect(namedFirst([hit("a", 2)], ["z"]).map((entry) => entry.name)).toEqual(["z", "a"]);
    expect(namedFirst([], ["z"])).toEqual([{ ...hit("z", 1), confidence: "strong" }]);
  });

  it("marks a named tool strong, however weakly the ranking matched it", () => {
    expect(namedFirst([{ name: "a", score: 0.1, confidence: "weak" as const }], ["a"])[0]!.confidence).toBe("strong");
  });
});

describe("QueryPlan", () => {
  const names = new ExactNames();
  for (const name of ["github__create_issue", "jira__create_issue", "slack__post_message"]) names.add(name);

  it("names only the tools the filter allows", () => {
    const plan = QueryPlan.of(
      "create issue",
      { limit: 5, filter: (name) => name !== "github__create_issue" },
      {},
      names,
    );
    expect(plan.named).toEqual(["jira__create_issue"]);
    expect(plan.finish([]).map((entry) => entry.name)).toEqual(["jira__create_issue"]);
  });

  it("names nothing when exact names are off", () => {
    expect(QueryPlan.of("slack post message", { limit: 5 }, { exactNames: false }, names).named).toEqual([]);
  });

  it("puts named tools first and keeps to the limit", () => {
    const plan = QueryPlan.of("post message", { limit: 2 }, {}, names);
    expect(plan.finish([hit("a", 4), hit("b", 3), hit("slack__post_message", 1)]).map((entry) => entry.name)).toEqual([
      "slack__post_message",
      "a",
    ]);
  });
});

describe("QueryPlan for a chained query", () => {
  const query = "book a flight to Paris and then email the itinerary to Sam";

  it("ranks the whole query deeper and merges each request's best into the result", () => {
    const plan = QueryPlan.of(query, { limit: 3 }, {}, undefined);
    expect(plan.parts).toEqual(["book a flight to Paris", "email the itinerary to Sam"]);
    expect(plan.depth).toBeGreaterThan(3);
    const whole = [
      hit("flights__book", 9),
      hit("flights__search", 8),
      hit("flights__cancel", 7),
      hit("flights__status", 6),
      hit("gmail__send_email", 1),
    ];
    const result = plan.finish(whole, [[hit("flights__book", 5)], [hit("gmail__send_email", 3)]]);
    expect(result.map((entry) => entry.name)).toEqual(["flights__book", "flights__search", "gmail__send_email"]);
  });

  it("ranks the query whole when multiPart is off, and takes a number as the parts' weight", () => {
    expect(QueryPlan.of(query, { limit: 2 }, { multiPart: false }, undefined).parts).toEqual([]);
    const whole = [hit("a", 10), hit("b", 6)];
    // The second request is answered by "a" already, so it keeps no place for its own best.
    const parts = [[], [hit("a", 2), hit("c", 1)]];
    const light = QueryPlan.of(query, { limit: 2 }, { multiPart: 0.3 }, undefined).finish(whole, parts);
    expect(light.map((entry) => entry.name)).toEqual(["a", "b"]);
    const heavy = QueryPlan.of(query, { limit: 2 }, { multiPart: 2 }, undefined).finish(whole, parts);
    expect(heavy.map((entry) => entry.name)).toEqual(["a", "c"]);
  });

  it("keeps a place for each request's confident best match that the merged ranking leaves out", () => {
    const plan = QueryPlan.of(query, { limit: 3 }, {}, undefined);
    const whole = [
      hit("flights__book", 9),
      hit("flights__search", 8),
      hit("flights__cancel", 7),
      hit("flights__status", 6),
    ];
    const parts = [[hit("flights__book", 5), hit("flights__search", 4)], [hit("gmail__send_email", 1)]];
    // Merged, the email tool ranks fourth, behind the flight tools the whole query favours.
    expect(QueryPlan.of(query, { limit: 4 }, {}, undefined).finish(whole, parts).at(-1)!.name).toBe(
      "gmail__send_email",
    );
    expect(plan.finish(whole, parts).map((entry) => entry.name)).toEqual([
      "flights__book",
      "flights__search",
      "gmail__send_email",
    ]);
  });

  it("keeps a place for a request's best even when a runner-up of that request made the answer", () => {
    const plan = QueryPlan.of(query, { limit: 3 }, {}, undefined);
    const whole = [hit("flights__book", 9), hit("flights__search", 8), hit("flights__cancel", 7)];
    // The email request's runner-up is a flight tool the whole query found: it answers no email.
    const parts = [[hit("flights__book", 5)], [hit("gmail__send_email", 3), hit("flights__search", 2)]];
    expect(plan.finish(whole, parts).map((entry) => entry.name)).toEqual([
      "flights__book",
      "flights__search",
      "gmail__send_email",
    ]);
  });

  it("gives a free place to a request's runner-up that scores close to its best", () => {
    const plan = QueryPlan.of(query, { limit: 4 }, {}, undefined);
    // The whole query favours flight tools; searching for a flight is far down its list.
    const whole = [9, 8.9, 8.8, 8.7, 8.6].map((score, i) =>
      hit(["book", "cancel", "status", "refund", "change"][i]!, score),
    );
    whole.push(hit("search", 0.5), hit("email", 0.4));
    // The flight request is torn between booking and searching: its runner-up scores 0.9 of its best.
    const close = [[hit("book", 5), hit("search", 4.5)], [hit("email", 3)]];
    expect(plan.finish(whole, close).map((entry) => entry.name)).toEqual(["book", "cancel", "email", "search"]);
    // At 0.7 of its best the runner-up is no contender, and the whole query's third tool keeps its place.
    const far = [[hit("book", 5), hit("search", 3.5)], [hit("email", 3)]];
    expect(plan.finish(whole, far).map((entry) => entry.name)).toEqual(["book", "cancel", "status", "email"]);
  });

  it("adds the best match's sibling from past the answer, unless siblings is off", () => {
    const families = new ToolFamilies();
    families.sync([{ name: "crm__get_tags" }, { name: "crm__list_contacts" }, { name: "blog__list_tags" }]);
    const whole = [hit("crm__get_tags", 3), hit("blog__list_tags", 2), hit("crm__list_contacts", 1)];
    const on = QueryPlan.of("tags of each contact", { limit: 2 }, {}, undefined, families);
    expect(on.depth).toBeGreaterThan(2);
    expect(on.finish(whole).map((entry) => entry.name)).toEqual(["crm__get_tags", "crm__list_contacts"]);
    const off = QueryPlan.of("tags of each contact", { limit: 2 }, { siblings: false }, undefined, families);
    expect(off.depth).toBe(2);
    expect(off.finish(whole).map((entry) => entry.name)).toEqual(["crm__get_tags", "blog__list_tags"]);
  });

  it("gives one lone place to a family's next tool from the ranking read 50 deep, no deeper", () => {
    const families = new ToolFamilies();
    families.sync(["crm__find", "crm__tags", "mail__send", "mail__draft"].map((name) => ({ name })));
    const loose = Array.from({ length: 60 }, (_, i) => hit(`loose${i}`, 97 - i));
    // crm__tags ranks 25th: past the 18 the answer's other rules read, within the 50 the family search reads.
    const whole = (at: number) => {
      const ranked = [hit("crm__find", 100), hit("mail__send", 99), ...loose];
      ranked.splice(at, 0, hit("crm__tags", ranked[at - 1]!.score - 0.5));
      return ranked;
    };
    const plan = QueryPlan.of("find the contact and its tags", { limit: 3 }, {}, undefined, families);
    expect(plan.depth).toBe(50);
    expect(plan.finish(whole(24)).map((entry) => entry.name)).toEqual(["crm__find", "mail__send", "crm__tags"]);
    expect(plan.finish(whole(55)).map((entry) => entry.name)).toEqual(["crm__find", "mail__send", "loose0"]);
    const off = QueryPlan.of("find the contact and its tags", { limit: 3 }, { siblings: false }, undefined, families);
    expect(off.finish(whole(24)).map((entry) => entry.name)).toEqual(["crm__find", "mail__send", "loose0"]);
  });

  it("has no parts for a single request", () => {
    expect(QueryPlan.of("post a message in the incidents channel", { limit: 5 }, {}, undefined).parts).toEqual([]);
  });
});
