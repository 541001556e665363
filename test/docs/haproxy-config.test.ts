import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentedHaproxyConfig } from "../support/haproxy.js";

describe("the documented haproxy configuration", () => {
  it("is the one the replica tests run", () => {
    const doc = readFileSync("docs/deploying-for-a-team.md", "utf8");
    const block = /```haproxy\n([\s\S]*?)```/.exec(doc)?.[1];
    if (block === undefined) throw new Error("docs/deploying-for-a-team.md has no ```haproxy block.");
    const servers = ["127.0.0.1:8801", "127.0.0.1:8802", "127.0.0.1:8803"];
    expect(block.trimEnd().split("\n")).toEqual(documentedHaproxyConfig("127.0.0.1:8800", servers));
  });
});
