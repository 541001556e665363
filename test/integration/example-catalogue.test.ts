import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { createToolSearch } from "../../src/index.js";
import { estimateBlockTokens } from "../../src/session/index.js";

describe("the example catalogue under toolsift", () => {
  it("after one search and one hydration, ships a block at least 85% smaller than every tool in full", async () => {
    const toolSearch = await createToolSearch({ tools: exampleCatalogue });
    const session = toolSearch.session();
    const { fullTokens } = await session.view();
    const search = await session.execute({ id: "t1", name: "search_tools", input: { query: "create a jira issue" } });
    const found = JSON.parse(search.content as string).matches[0].name as string;
    expect(found).toBe("jira__create_issue");
    const call = await session.execute({
      id: "t2",
      name: found,
      input: { project: "SHOP", summary: "Checkout button crashes on Safari", issue_type: "Bug" },
    });
    expect(call.is_error).toBeUndefined();
    const block = await session.tools();
    expect(block.find((tool) => tool.name === found)!.input_schema).toHaveProperty("properties");
    const reduction = 1 - estimateBlockTokens(block) / fullTokens;
    expect(reduction).toBeGreaterThanOrEqual(0.85);
  });
});
