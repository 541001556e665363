import { describe, expect, it } from "vitest";
import { capPerServer, resultsPerServer, saturatedServers, type ServerCap } from "./cap-per-server.js";
import { namesServer, QueryWords } from "./names-server.js";

const hits = (...names: string[]) => names.map((name, index) => ({ name, score: 10 - index }));
const names = (list: readonly { name: string }[]) => list.map((hit) => hit.name);
const byPrefix = (max: number, exempt: readonly string[] = []): ServerCap => ({
  max,
  serverOf: (name) => (name.includes("__") ? name.slice(0, name.indexOf("__")) : undefined),
  exempt: (server) => exempt.includes(server),
});

describe("resultsPerServer", () => {
  it("defaults to half of the limit, rounded up, and is off where it cannot bite", () => {
    expect([1, 2, 3, 5, 10].map((limit) => resultsPerServer(undefined, limit))).toEqual([undefined, 1, 2, 3, 5]);
    expect(resultsPerServer(2, 5)).toBe(2);
    expect(resultsPerServer(5, 5)).toBeUndefined();
    expect(resultsPerServer(false, 10)).toBeUndefined();
  });
});

describe("capPerServer", () => {
  it("moves a server's results past the cap below the other servers' results, in their order", () => {
    const ranked = hits("spam__1", "spam__2", "spam__3", "spam__4", "spam__5", "docs__1", "git__1", "spam__6");
    const capped = capPerServer(ranked, 5, byPrefix(3));
    expect(names(capped)).toEqual(["spam__1", "spam__2", "spam__3", "docs__1", "git__1"]);
    expect(names(capPerServer(ranked, 8, byPrefix(3)))).toEqual([
      "spam__1",
      "spam__2",
      "spam__3",
      "docs__1",
      "git__1",
      "spam__4",
      "spam__5",
      "spam__6",
    ]);
  });

  it("keeps the excess where no other server's tool qualifies: never fewer results", () => {
    const ranked = hits("spam__1", "spam__2", "spam__3", "spam__4", "docs__1");
    expect(names(capPerServer(ranked, 5, byPrefix(2)))).toEqual([
      "spam__1",
      "spam__2",
      "docs__1",
      "spam__3",
      "spam__4",
    ]);
    const oneServer = hits("a__1", "a__2", "a__3", "a__4", "a__5");
    expect(names(capPerServer(oneServer, 5, byPrefix(1)))).toEqual(names(oneServer));
  });

  it("never caps tools without a server, nor a server the query names", () => {
    const ranked = hits("plain_1", "plain_2", "plain_3", "spam__1", "spam__2", "spam__3", "docs__1");
    expect(names(capPerServer(ranked, 4, byPrefix(1)))).toEqual(["plain_1", "plain_2", "plain_3", "spam__1"]);
    expect(names(capPerServer(hits("spam__1", "spam__2", "docs__1"), 2, byPrefix(1, ["spam"])))).toEqual([
      "spam__1",
      "spam__2",
    ]);
  });

  it("keeps the length of any list and the first result, whatever the cap", () => {
    const servers = ["a", "b", "c"];
    for (let seed = 1; seed <= 200; seed++) {
      const length = seed % 13;
      const ranked = hits(...Array.from({ length }, (_, i) => `${servers[(seed * (i + 3)) % 3]}__${i}`));
      for (const limit of [1, 3, 5, 10]) {
        for (const max of [1, 2, 3]) {
          const capped = capPerServer(ranked, limit, byPrefix(max));
          expect(capped).toHaveLength(Math.min(limit, length));
          expect(new Set(names(capped)).size).toBe(capped.length);
          expect(capped[0]).toBe(ranked[0]);
          // A server's results past its cap come after every result within its server's cap.
          const counts = new Map<string, number>();
          const past = capped.map((hit) => {
            const server = hit.name.split("__")[0]!;
            counts.set(server, (counts.get(server) ?? 0) + 1);
            return counts.get(server)! > max;
          });
          expect(past).toEqual([...past].sort((a, b) => Number(a) - Number(b)));
        }
      }
    }
  });
});

describe("capPerServer with results that keep their place", () => {
  it("neither demotes nor counts them", () => {
    const cap = { ...byPrefix(1), keeps: (name: string) => name === "a__3" };
    const ranked = hits("a__1", "a__2", "a__3", "b__1");
    expect(names(capPerServer(ranked, 3, cap))).toEqual(["a__1", "a__3", "b__1"]);
    expect([...saturatedServers(hits("a__1", "a__3"), 2, cap)]).toEqual([]);
  });
});

describe("saturatedServers", () => {
  it("names the servers over the cap within the limit, the exempt ones left out", () => {
    const ranked = hits("a__1", "a__2", "b__1", "b__2", "a__3", "b__3");
    expect([...saturatedServers(ranked, 5, byPrefix(2))]).toEqual(["a"]);
    expect([...saturatedServers(ranked, 6, byPrefix(2))]).toEqual(["a", "b"]);
    expect([...saturatedServers(ranked, 6, byPrefix(2, ["a"]))]).toEqual(["b"]);
  });
});

describe("namesServer", () => {
  it("reads any word of the server's name in the query, in any case or form", () => {
    expect(namesServer("open an issue on GitHub", "github")).toBe(true);
    expect(namesServer("github__create_issue", "github")).toBe(true);
    expect(namesServer("upload it to Google Drive", "google-drive")).toBe(true);
    expect(namesServer("upload it to my drives", "googleDrive")).toBe(true);
    expect(namesServer("suggest a house plant", "house_plants")).toBe(true);
    expect(namesServer("copy the file to S3", "s3")).toBe(true);
  });

  it("does not count other words, a word containing the name, one letter or a stop word", () => {
    expect(namesServer("upload a file", "google-drive")).toBe(false);
    expect(namesServer("open the gitlab project", "git")).toBe(false);
    expect(namesServer("a b c", "a-b")).toBe(false);
    expect(namesServer("what is it for", "the-for")).toBe(false);
    expect(namesServer("anything", "--")).toBe(false);
  });
});

describe("QueryWords.coversName", () => {
  const even = () => 1;
  it("holds when the query says at least half of the tool's own name, its server's words aside", () => {
    const words = new QueryWords("create an issue for the bug");
    expect(words.coversName("github__create_issue", "github", even)).toBe(true);
    expect(words.coversName("github__create_pull_request", "github", even)).toBe(false);
    expect(words.coversName("issue_tracker", undefined, even)).toBe(true);
    expect(new QueryWords("github").coversName("github__github", "github", even)).toBe(false);
  });

  it("weighs each word of the name: a common word alone does not cover a name", () => {
    const words = new QueryWords("search slack messages");
    const rarity = (term: string) => (term === "search" ? 1 : 3);
    expect(words.coversName("toolbox__super_search", "toolbox", even)).toBe(true);
    expect(words.coversName("toolbox__super_search", "toolbox", rarity)).toBe(false);
  });
});
