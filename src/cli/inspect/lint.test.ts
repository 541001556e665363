import { describe, expect, it } from "vitest";
import { createToolSearch, type ToolDefinition } from "../../index.js";
import { lintCatalogue } from "./lint.js";

const tool = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object", properties: { key: { type: "string" } } },
});

describe("the near-duplicate lint", () => {
  it("reports two tools a model will confuse, and not two that say different operations on one thing", async () => {
    // Alike enough to be a pair by their words alone (no embedding model here): a long shared description.
    const store =
      "Work with one value of the account's key-value store namespace, by its key: cached settings, feature " +
      "flags, session tokens and other small values that workers read on every request, with their metadata.";
    const tools = [
      tool("kv__kv_get", store),
      tool("kv__kv_put", store),
      tool("tickets__close_ticket", "Close a support ticket and email the customer that it was closed."),
      tool("helpdesk__close_ticket", "Close a support ticket and email the customer that it was closed."),
    ];
    const toolSearch = await createToolSearch({ tools });
    const { findings } = await lintCatalogue({ tools, toolSearch, embedder: undefined });
    const pairs = findings.filter((finding) => finding.code === "near-duplicate").map((finding) => finding.tools);
    expect(pairs).toEqual([["tickets__close_ticket", "helpdesk__close_ticket"]]);
  });
});
