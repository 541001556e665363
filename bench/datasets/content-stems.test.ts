import { describe, expect, it } from "vitest";
import { contentStems, nameWords, STOP_WORDS, textWords } from "./content-stems.js";

describe("textWords", () => {
  it("lower-cases and splits on anything that is not a letter or digit", () => {
    expect(textWords("Open PR #45 on acme/web-app, what's up?")).toEqual([
      "open",
      "pr",
      "45",
      "on",
      "acme",
      "web",
      "app",
      "what",
      "s",
      "up",
    ]);
  });

  it("leaves camelCase in prose alone, so product names stay one word", () => {
    expect(textWords("GitHub PostgreSQL")).toEqual(["github", "postgresql"]);
  });
});

describe("nameWords", () => {
  it("splits tool names on underscores, hyphens and camelCase humps", () => {
    expect(nameWords("aws-ec2__describe_instances")).toEqual(["aws", "ec2", "describe", "instances"]);
    expect(nameWords("github__createPullRequest")).toEqual(["github", "create", "pull", "request"]);
    expect(nameWords("HTTPServer_getURLs")).toEqual(["http", "server", "get", "urls"]);
    expect(nameWords("parseXMLId")).toEqual(["parse", "xml", "id"]);
  });
});

describe("contentStems", () => {
  it("drops stop words and stems the rest, so plural and singular meet", () => {
    expect([...contentStems(textWords("Show me the open tickets"))].sort()).toEqual(["open", "show", "ticket"]);
    expect(contentStems(["issues"])).toEqual(contentStems(["issue"]));
  });

  it("keeps verbs such as get and list as content words", () => {
    expect(STOP_WORDS.has("get")).toBe(false);
    expect(contentStems(["get", "list"]).size).toBe(2);
  });
});
