import { describe, expect, it } from "vitest";
import type { RankedTool } from "../ranker.js";
import { addSibling, gatherFamilies, keepPlaces, wholeAnswer } from "./whole-answer.js";

const hit = (name: string, score: number, confidence?: "weak"): RankedTool =>
  confidence ? { name, score, confidence } : { name, score };
const names = (hits: readonly RankedTool[]) => hits.map((entry) => entry.name);
const sorted = (hits: readonly RankedTool[]) => hits.every((entry, i) => i === 0 || hits[i - 1]!.score >= entry.score);

describe("keepPlaces", () => {
  const ranked = [hit("a", 5), hit("b", 4), hit("c", 3), hit("d", 2), hit("e", 1)];

  it("cuts to the limit when nothing is kept, or every kept tool is already there", () => {
    expect(names(keepPlaces(ranked, 3, new Set()))).toEqual(["a", "b", "c"]);
    expect(names(keepPlaces(ranked, 3, new Set(["b"])))).toEqual(["a", "b", "c"]);
  });

  it("gives a kept tool from further down the place of the lowest tool not kept, in ranked order", () => {
    const answer = keepPlaces(ranked, 3, new Set(["e"]));
    expect(names(answer)).toEqual(["a", "b", "e"]);
    expect(sorted(answer)).toBe(true);
    expect(names(keepPlaces(ranked, 3, new Set(["c", "d", "e"])))).toEqual(["c", "d", "e"]);
  });

  it("keeps as many as fit, best first, when more are kept than the limit holds", () => {
    expect(names(keepPlaces(ranked, 2, new Set(["b", "d", "e"])))).toEqual(["b", "d"]);
    expect(keepPlaces(ranked, 0, new Set(["a"]))).toEqual([]);
  });
});

describe("addSibling", () => {
  const family = (name: string) => (name.includes("__") ? name.slice(0, name.indexOf("__")) : undefined);
  const ranked = [hit("crm__tags", 5), hit("blog__tags", 4), hit("news__tags", 3), hit("crm__contacts", 2)];

  it("puts the confident best match's next sibling in the answer's last place", () => {
    const answer = addSibling(ranked.slice(0, 3), ranked, 3, new Set(), family);
    expect(names(answer)).toEqual(["crm__tags", "blog__tags", "crm__contacts"]);
    expect(sorted(answer)).toBe(true);
  });

  it("adds it after a short answer, and takes no kept place", () => {
    expect(names(addSibling(ranked.slice(0, 2), ranked, 3, new Set(), family))).toEqual([
      "crm__tags",
      "blog__tags",
      "crm__contacts",
    ]);
    const kept = new Set(["blog__tags", "news__tags"]);
    expect(names(addSibling(ranked.slice(0, 3), ranked, 3, kept, family))).toEqual(names(ranked.slice(0, 3)));
  });

  it("changes nothing for a weak best match, one with no family, or a family already in the answer", () => {
    const weak = [hit("crm__tags", 5, "weak"), ...ranked.slice(1)];
    expect(names(addSibling(weak.slice(0, 3), weak, 3, new Set(), family))).toEqual(names(weak.slice(0, 3)));
    const loose = [hit("tags", 5), ...ranked.slice(1)];
    expect(names(addSibling(loose.slice(0, 3), loose, 3, new Set(), family))).toEqual(names(loose.slice(0, 3)));
    const twice = [hit("crm__tags", 5), hit("crm__notes", 4), hit("blog__tags", 3), hit("crm__contacts", 2)];
    expect(names(addSibling(twice.slice(0, 3), twice, 3, new Set(), family))).toEqual(names(twice.slice(0, 3)));
  });

  it("gives up no place whose server holds another place: the query is about it too", () => {
    const both = [hit("github__comment", 5), hit("jira__comment", 4), hit("jira__get", 3), hit("github__runs", 2)];
    expect(names(addSibling(both.slice(0, 3), both, 3, new Set(), family))).toEqual(names(both.slice(0, 3)));
  });

  it("changes nothing when the ranking has no sibling to offer", () => {
    const alone = ranked.slice(0, 3);
    expect(names(addSibling(alone, alone, 3, new Set(), family))).toEqual(names(alone));
  });
});

describe("gatherFamilies", () => {
  const family = (name: string) => /_for_(\w+)$/.exec(name)?.[1];
  // Two APIs the request is about, and a third that matched its details.
  const ranked = [
    hit("search_for_jokes", 6),
    hit("list_for_news", 5),
    hit("random_for_quotes", 4),
    hit("day_for_jokes", 3),
    hit("top_for_news", 2),
  ];

  it("gives the lowest lone tool's place to the next tool of a family in the answer", () => {
    const answer = gatherFamilies(ranked.slice(0, 3), ranked, 3, new Set(), family, 1);
    expect(names(answer)).toEqual(["search_for_jokes", "list_for_news", "day_for_jokes"]);
    expect(sorted(answer)).toBe(true);
  });

  it("swaps at most `swaps` times, and never the best match, a kept tool, or to a weak family", () => {
    expect(names(gatherFamilies(ranked.slice(0, 3), ranked, 3, new Set(), family, 0))).toEqual(
      names(ranked.slice(0, 3)),
    );
    // After one swap the only lone tool left is the best match.
    expect(names(gatherFamilies(ranked.slice(0, 3), ranked, 3, new Set(), family, 2))).toEqual([
      "search_for_jokes",
      "list_for_news",
      "day_for_jokes",
    ]);
    const kept = new Set(["random_for_quotes", "list_for_news"]);
    expect(names(gatherFamilies(ranked.slice(0, 3), ranked, 3, kept, family, 1))).toEqual(names(ranked.slice(0, 3)));
    const weak = [hit("search_for_jokes", 6, "weak"), hit("list_for_news", 5, "weak"), ...ranked.slice(2)];
    expect(names(gatherFamilies(weak.slice(0, 3), weak, 3, new Set(), family, 1))).toEqual(names(weak.slice(0, 3)));
  });

  it("adds to a short answer instead of replacing", () => {
    expect(names(gatherFamilies(ranked.slice(0, 2), ranked, 3, new Set(), family, 1))).toEqual([
      "search_for_jokes",
      "list_for_news",
      "day_for_jokes",
    ]);
  });
});

describe("wholeAnswer", () => {
  const ranked = [hit("a", 6), hit("b", 5), hit("c", 4), hit("d", 3), hit("e", 2)];
  const none = { familyOf: undefined };

  it("spares a close runner-up from the families' rules: another server's tool for the same thing", () => {
    const server = (name: string) => name.slice(0, name.indexOf("__"));
    const rules = { keep: 0, familyOf: server, gather: 2 } as const;
    const twins = [hit("pw__navigate", 4.2), hit("pp__navigate", 4.1), hit("cd__goto", 3.9), hit("cd__open", 3.8)];
    const ranking = [...twins, hit("pw__back", 1)];
    expect(names(wholeAnswer(ranking, [], [], 4, rules))).toEqual(names(twins));
    // Far from the best, the lone tool gives its place to the best match's sibling as before.
    const far = [hit("pw__navigate", 10), ...ranking.slice(1)];
    expect(names(wholeAnswer(far, [], [], 4, rules))).toEqual(["pw__navigate", "cd__goto", "cd__open", "pw__back"]);
  });

  it("keeps a place for a request's confident best match that the answer lacks", () => {
    expect(names(wholeAnswer(ranked, [[hit("e", 1)], [hit("a", 1)]], [], 3, { keep: 2, ...none }))).toEqual([
      "a",
      "b",
      "e",
    ]);
  });

  it("keeps none for a weak best match, or with keep: false", () => {
    expect(names(wholeAnswer(ranked, [[hit("e", 1, "weak")]], [], 3, { keep: 2, ...none }))).toEqual(["a", "b", "c"]);
    expect(names(wholeAnswer(ranked, [[hit("e", 1)]], [], 3, { keep: false, ...none }))).toEqual(["a", "b", "c"]);
  });

  it("keeps none for a request one of whose best `keep` matches made the answer, unless keep is 0", () => {
    const parts = [[hit("e", 2), hit("c", 1)]];
    expect(names(wholeAnswer(ranked, parts, [], 3, { keep: 2, ...none }))).toEqual(["a", "b", "c"]);
    expect(names(wholeAnswer(ranked, parts, [], 3, { keep: 1, ...none }))).toEqual(["a", "b", "e"]);
    expect(names(wholeAnswer(ranked, parts, [], 3, { keep: 0, ...none }))).toEqual(["a", "b", "e"]);
  });

  it("by default, gathers a second tool of the APIs the answer is about in a lone tool's place", () => {
    const family = (name: string) => /_for_(\w+)$/.exec(name)?.[1];
    const apis = [
      hit("search_for_jokes", 6),
      hit("search_for_news", 5),
      hit("list_for_jokes", 4),
      hit("random_for_quotes", 3),
      hit("top_for_news", 2),
    ];
    expect(names(wholeAnswer(apis, [], [], 4, { keep: 0, familyOf: family }))).toEqual([
      "search_for_jokes",
      "search_for_news",
      "list_for_jokes",
      "top_for_news",
    ]);
  });

  it("keeps the named tools' places, and adds a sibling only with familyOf", () => {
    const family = (name: string) => (name === "a" || name === "d" ? "s" : undefined);
    expect(names(wholeAnswer(ranked, [], [], 3, { keep: 2, familyOf: family }))).toEqual(["a", "b", "d"]);
    expect(names(wholeAnswer(ranked, [], ["c"], 2, { keep: 2, familyOf: family }))).toEqual(["a", "c"]);
  });
});
