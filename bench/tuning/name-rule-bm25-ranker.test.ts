import { describe, expect, it } from "vitest";
import { Bm25Ranker, rankDocumentOf } from "../../src/ranking/index.js";
import { NameRuleBm25Ranker } from "./name-rule-bm25-ranker.js";

const documents = [
  { name: "count_players", description: "how many people are in a team roster" },
  { name: "team_roster", description: "lists the players of a team, with the count of each position" },
  { name: "weather_forecast", description: "tomorrow's weather for a city" },
  { name: "list_teams", description: "every team of a league" },
].map((tool) => rankDocumentOf(tool));

const QUERIES = ["count the players", "players of a team", "weather in Paris", "team roster please", "league"];

/** Names and scores of the query's top 5. */
const ranked = (ranker: { search: Bm25Ranker["search"] }, query: string) =>
  ranker.search(query, { limit: 5 }).map(({ name, score, confidence }) => ({ name, score, confidence }));

describe("NameRuleBm25Ranker", () => {
  it("ranks as Bm25Ranker under the fixed rule, scores and confidences alike", () => {
    const today = new Bm25Ranker();
    const copy = new NameRuleBm25Ranker({}, "fixed");
    today.update(documents);
    copy.update(documents);
    for (const query of QUERIES) expect(ranked(copy, query)).toEqual(ranked(today, query));
  });

  it("weighs a name at 3 only for a tool the request holds two name terms of, under two-names", () => {
    const one = new Bm25Ranker({ fieldWeights: { name: 1 } });
    const three = new Bm25Ranker();
    const rule = new NameRuleBm25Ranker({}, "two-names");
    for (const ranker of [one, three, rule]) ranker.update(documents);
    const scoreOf = (hits: { name: string; score: number }[], name: string) =>
      hits.find((hit) => hit.name === name)!.score;
    // "count" and "players" are both in count_players' name: weight 3. team_roster's name holds neither.
    const both = ranked(rule, "count the players");
    expect(scoreOf(both, "count_players")).toBeCloseTo(
      scoreOf(ranked(three, "count the players"), "count_players"),
      12,
    );
    // One name term ("players") of count_players: weight 1, as team_roster, whose name "team" matches once.
    const single = ranked(rule, "players of a team");
    expect(scoreOf(single, "count_players")).toBeCloseTo(
      scoreOf(ranked(one, "players of a team"), "count_players"),
      12,
    );
    expect(scoreOf(single, "team_roster")).toBeCloseTo(scoreOf(ranked(one, "players of a team"), "team_roster"), 12);
  });

  it("counts half a name's terms as naming it under half-name", () => {
    const one = new Bm25Ranker({ fieldWeights: { name: 1 } });
    const three = new Bm25Ranker();
    const rule = new NameRuleBm25Ranker({}, "half-name");
    for (const ranker of [one, three, rule]) ranker.update(documents);
    const hits = ranked(rule, "players of a team");
    // count_players: one name term of two, half: weight 3.
    expect(hits.find((hit) => hit.name === "count_players")!.score).toBeCloseTo(
      ranked(three, "players of a team").find((hit) => hit.name === "count_players")!.score,
      12,
    );
  });
});
