import { describe, expect, it } from "vitest";
import type { RankedTool } from "../ranker.js";
import { answerFamilies, FAMILY_CAP, protectedTools, searchFamilies } from "./family-search.js";

const hit = (name: string, score: number, confidence?: "weak"): RankedTool =>
  confidence ? { name, score, confidence } : { name, score };
const names = (hits: readonly RankedTool[]) => hits.map((entry) => entry.name);
const sorted = (hits: readonly RankedTool[]) => hits.every((entry, i) => i === 0 || hits[i - 1]!.score >= entry.score);
const family = (name: string) => (name.includes("__") ? name.slice(0, name.indexOf("__")) : undefined);
/** Each family's ranking as a map gives it. */
const from = (rankings: ReadonlyMap<string, readonly RankedTool[]>) => (name: string) => rankings.get(name) ?? [];

describe("answerFamilies", () => {
  it("lists the families of confident matches, best first, once each, at most the limit", () => {
    const answer = [hit("crm__a", 5), hit("mail__b", 4, "weak"), hit("crm__c", 3), hit("loose", 2), hit("blog__d", 1)];
    expect(answerFamilies(answer, family, 5)).toEqual(["crm", "blog"]);
    expect(answerFamilies(answer, family, 1)).toEqual(["crm"]);
  });
});

describe("searchFamilies", () => {
  // crm and mail each have a confident match; news and loose are lone tools.
  const answer = [
    hit("crm__find", 9),
    hit("mail__send", 8),
    hit("mail__draft", 7),
    hit("news__top", 6),
    hit("loose", 5),
  ];

  it("gives the lowest lone place to the family's best new tool by its own ranking, last, scores sorted", () => {
    // Scores of the family's own ranking are not the answer's: the new tool's may be higher.
    const within = new Map([["crm", [hit("crm__find", 40), hit("crm__tags", 30), hit("crm__notes", 20)]]]);
    const result = searchFamilies(answer, 5, new Set(), family, from(within), 1);
    expect(names(result)).toEqual(["crm__find", "mail__send", "mail__draft", "news__top", "crm__tags"]);
    expect(sorted(result)).toBe(true);
  });

  it("never takes a close runner-up's place: another server's tool for the same thing", () => {
    // Two browser servers' navigate tools, near-tied; the answer's other places are families'.
    const twins = [
      hit("pw__navigate", 4.2),
      hit("pp__navigate", 4.1),
      hit("cd__navigate_page", 3.9),
      hit("cd__list_requests", 2.2),
      hit("pw__navigate_back", 2.2),
    ];
    const tabs = new Map([["pw", [hit("pw__navigate", 4.2), hit("pw__navigate_back", 2.2), hit("pw__tabs", 0.8)]]]);
    expect(names(searchFamilies(twins, 5, new Set(), family, from(tabs), 1, Number.POSITIVE_INFINITY))).toEqual(
      names(twins),
    );
    // Far from the best, the same tool is a lone place like any other.
    const far = [hit("pw__navigate", 10), ...twins.slice(1)];
    expect(names(searchFamilies(far, 5, new Set(), family, from(tabs), 1, Number.POSITIVE_INFINITY))).toEqual([
      "pw__navigate",
      "cd__navigate_page",
      "cd__list_requests",
      "pw__navigate_back",
      "pw__tabs",
    ]);
  });

  it("gives a weak candidate only a weak tool's place, never a strong one's", () => {
    const weakTags = new Map([["crm", [hit("crm__tags", 30, "weak")]]]);
    // Every lone tool of the answer is strong: the weak candidate takes none of their places.
    expect(names(searchFamilies(answer, 5, new Set(), family, from(weakTags), 1))).toEqual(names(answer));
    const weakLoose = [...answer.slice(0, 4), hit("loose", 5, "weak")];
    expect(names(searchFamilies(weakLoose, 5, new Set(), family, from(weakTags), 1))).toEqual([
      "crm__find",
      "mail__send",
      "mail__draft",
      "news__top",
      "crm__tags",
    ]);
  });

  it("takes at most `swaps` places, families best first", () => {
    const within = new Map([
      ["crm", [hit("crm__tags", 3)]],
      ["mail", [hit("mail__archive", 3)]],
    ]);
    // mail holds two places: searched only when a family may hold three.
    expect(names(searchFamilies(answer, 5, new Set(), family, from(within), 2, 3))).toEqual([
      "crm__find",
      "mail__send",
      "mail__draft",
      "crm__tags",
      "mail__archive",
    ]);
    expect(names(searchFamilies(answer, 5, new Set(), family, from(within), 1, 3))).toEqual([
      "crm__find",
      "mail__send",
      "mail__draft",
      "news__top",
      "crm__tags",
    ]);
    expect(names(searchFamilies(answer, 5, new Set(), family, from(within), 0))).toEqual(names(answer));
  });

  it("never moves the best match, a protected tool, or a tool whose family holds two places", () => {
    const within = new Map([["crm", [hit("crm__tags", 3)]]]);
    const protect = new Set(["news__top", "loose"]);
    expect(names(searchFamilies(answer, 5, protect, family, from(within), 2))).toEqual(names(answer));
    const short = [hit("loose", 9), hit("crm__find", 8), hit("crm__list", 7)];
    // `loose` is the best match and lone, crm holds two places: nothing to give.
    expect(names(searchFamilies(short, 3, new Set(), family, from(within), 1))).toEqual(names(short));
  });

  it("searches a family only while it holds fewer than `held` places (two by default)", () => {
    // jira holds two places; github's one tool is lone and must not give way to a third jira tool.
    const jira = [hit("jira__comment", 9), hit("jira__get", 8), hit("github__comment", 7)];
    const within = new Map([["jira", [hit("jira__search", 3)]]]);
    expect(names(searchFamilies(jira, 3, new Set(), family, from(within), 1))).toEqual(names(jira));
    expect(names(searchFamilies(jira, 3, new Set(), family, from(within), 1, 3))).toEqual([
      "jira__comment",
      "jira__get",
      "jira__search",
    ]);
  });

  it("adds to a short answer without taking a place", () => {
    const short = [hit("crm__find", 9), hit("news__top", 6)];
    const within = new Map([["crm", [hit("crm__tags", 3)]]]);
    expect(names(searchFamilies(short, 5, new Set(), family, from(within), 1))).toEqual([
      "crm__find",
      "news__top",
      "crm__tags",
    ]);
  });

  it("reads a hostile family of ten thousand tools only to the cap, and takes no tool of another family", () => {
    const huge = Array.from({ length: 10_000 }, (_, i) => hit(`crm__op${i}`, 10_000 - i));
    // Every tool up to the cap is in the answer already: the one past it is never read.
    const full = huge.slice(0, FAMILY_CAP);
    const crowded = [...full, hit("loose", 0.5)];
    const result = searchFamilies(crowded, FAMILY_CAP + 1, new Set(), family, from(new Map([["crm", huge]])), 1);
    expect(names(result)).toEqual(names(crowded));
    const stranger = new Map([["crm", [hit("mail__archive", 3)]]]);
    expect(names(searchFamilies(answer, 5, new Set(), family, from(stranger), 1))).toEqual(names(answer));
  });

  it("changes nothing in a catalogue without families", () => {
    const plain = [hit("a", 5), hit("b", 4), hit("c", 3), hit("d", 2), hit("e", 1)];
    const none = () => undefined;
    expect(answerFamilies(plain, none, 5)).toEqual([]);
    expect(searchFamilies(plain, 5, new Set(), none, from(new Map([["x", [hit("f", 9)]]])), 2)).toEqual(plain);
  });
});

describe("protectedTools", () => {
  it("protects the named tools and each request's confident best, not a weak one", () => {
    const parts = [[hit("a", 2), hit("b", 1)], [hit("c", 2, "weak")], []];
    expect([...protectedTools(parts, ["n"])].sort()).toEqual(["a", "n"]);
  });
});
