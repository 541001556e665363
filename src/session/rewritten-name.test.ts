import { describe, expect, it } from "vitest";
import { parseTool } from "../catalogue/index.js";
import { rewrittenName } from "./rewritten-name.js";

const tools = ["everything__get-sum", "docs__search-pages", "a__one_two", "a__one-two"].map((name, index) =>
  parseTool({ name, description: `${name}.`, inputSchema: { type: "object" } }, `tools[${index}]`),
);
const all = () => true;

describe("rewrittenName", () => {
  it("finds the one tool a client's rewriting of separators and case would show by that name", () => {
    expect(rewrittenName(tools, "everything__get_sum", all)).toBe("everything__get-sum");
    expect(rewrittenName(tools, "Docs__Search_Pages", all)).toBe("docs__search-pages");
  });

  it("names none when no tool fits, or several do, or the one that fits is not permitted", () => {
    expect(rewrittenName(tools, "everything__get_product", all)).toBeUndefined();
    expect(rewrittenName(tools, "A__One_Two", all)).toBeUndefined();
    expect(rewrittenName(tools, "everything__get_sum", (tool) => tool.name !== "everything__get-sum")).toBeUndefined();
  });
});
