import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../rank-document.js";
import { ExactNames } from "./exact-names.js";

function indexOf(...names: string[]): ExactNames {
  const index = new ExactNames();
  for (const name of names) index.add(name);
  return index;
}

describe("ExactNames", () => {
  const index = indexOf(
    "github__create_issue",
    "jira__create_issue",
    "slack__post_message",
    "slack__schedule_message",
    "calendar__list_events",
    "getCurrentTime",
    "no",
  );

  it.each([
    ["the name", "slack__post_message", ["slack__post_message"]],
    ["the name in another case", "SLACK__POST_MESSAGE", ["slack__post_message"]],
    ["the name's words", "slack post message", ["slack__post_message"]],
    ["the name in camelCase", "slackPostMessage", ["slack__post_message"]],
    ["the name in kebab-case", "slack-post-message", ["slack__post_message"]],
    ["the local part's words", "post message", ["slack__post_message"]],
    ["the local part in camelCase", "postMessage", ["slack__post_message"]],
    ["a camelCase name by its words", "get current time", ["getCurrentTime"]],
    ["a name made of a stop word", "no", ["no"]],
  ])("matches %s", (_form, query, expected) => {
    expect(index.match(query)).toEqual(expected);
  });

  it("names every tool that shares a local part, in the order they were added", () => {
    expect(index.match("create issue")).toEqual(["github__create_issue", "jira__create_issue"]);
    expect(index.match("github create issue")).toEqual(["github__create_issue"]);
  });

  it("finds a full name written inside a longer query, and several of them", () => {
    expect(index.match("use slack__post_message to tell #eng")).toEqual(["slack__post_message"]);
    expect(index.match("run getCurrentTime, then calendar__list_events")).toEqual([
      "getCurrentTime",
      "calendar__list_events",
    ]);
  });

  it("puts a tool named in full ahead of one whose local part has the same words", () => {
    expect(indexOf("slack__post_message", "post_message").match("post message")).toEqual([
      "post_message",
      "slack__post_message",
    ]);
  });

  it("reads words as written, without stemming: plurals and other words name nothing", () => {
    expect(index.match("post messages")).toEqual([]);
    expect(index.match("list the events")).toEqual([]);
  });

  it("does not match a query that only shares words with a name", () => {
    expect(index.match("post a message about the new issue")).toEqual([]);
    expect(index.match("message")).toEqual([]);
    expect(index.match("the")).toEqual([]);
    expect(index.match("please create a jira issue for the slack outage")).toEqual([]);
  });

  it("strips the tool's own server name as a prefix", () => {
    const served = new ExactNames();
    served.add("stripe_create_refund", "stripe");
    expect(served.match("create refund")).toEqual(["stripe_create_refund"]);
  });

  it("forgets removed tools and follows a catalogue through sync", () => {
    const synced = new ExactNames();
    synced.sync([
      rankDocumentOf({ name: "a__send_email", description: "x" }),
      rankDocumentOf({ name: "b__send_email", description: "y" }),
    ]);
    expect(synced.match("send email")).toEqual(["a__send_email", "b__send_email"]);
    synced.sync([rankDocumentOf({ name: "b__send_email", description: "y" })]);
    expect(synced.match("send email")).toEqual(["b__send_email"]);
    expect(synced.match("a__send_email")).toEqual([]);
    synced.remove("b__send_email");
    expect(synced.match("send email")).toEqual([]);
  });
});
