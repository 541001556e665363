import { describe, expect, it } from "vitest";
import type { RankedTool } from "../../src/ranking/index.js";
import { familyRequest } from "./family-search.js";

const hit = (name: string, score: number): RankedTool => ({ name, score });
const family = (name: string) => (name.includes("__") ? name.slice(0, name.indexOf("__")) : undefined);

describe("familyRequest", () => {
  it("ranks the request whose best match is of the family, else the whole query", () => {
    const parts = [[hit("crm__a", 3)], [hit("mail__b", 2)], []];
    const requests = ["find the contact", "mail the invoice", "thank them"];
    expect(familyRequest("mail", "whole query", requests, parts, family)).toBe("mail the invoice");
    expect(familyRequest("blog", "whole query", requests, parts, family)).toBe("whole query");
    expect(familyRequest("crm", "whole query", [], [], family)).toBe("whole query");
  });
});
