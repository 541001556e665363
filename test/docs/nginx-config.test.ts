import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOCUMENTED_SITE, documentedNginxConfig } from "../support/nginx-config.js";

describe("the documented nginx configuration", () => {
  it("is the server block the TLS test runs", () => {
    const doc = readFileSync("docs/deploying-for-a-team.md", "utf8");
    const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(blocks, "docs/deploying-for-a-team.md should have one ```nginx block").toHaveLength(1);
    expect(blocks[0]!.trimEnd().split("\n")).toEqual(documentedNginxConfig(DOCUMENTED_SITE));
  });
});
