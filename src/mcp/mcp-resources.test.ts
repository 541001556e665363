import { describe, expect, it } from "vitest";
import type { ToolsiftError } from "../errors.js";
import { checkedCallResult } from "./mcp-call-result.js";
import { MCP_CONTENT_LIMITS } from "./mcp-content-blocks.js";
import { complete } from "./mcp-completions.js";
import { getPrompt, listPrompts, listResources, readResource, type ContentConnection } from "./mcp-resources.js";

/** A server that answers each request with `answer`, and what it was asked. */
function fakeServer(
  answer: (method: string, params: Record<string, unknown> | undefined) => unknown,
  offers = { resources: true, prompts: true, completions: true },
) {
  const asked: string[] = [];
  const warnings: ToolsiftError[] = [];
  const connection: ContentConnection = {
    server: "evil",
    offers: () => offers,
    request: async (method, params) => {
      asked.push(method);
      return answer(method, params);
    },
    reportWarning: (error) => warnings.push(error),
  };
  return { connection, asked, warnings };
}

describe("resources and prompts of a server that lies", () => {
  it("asks nothing of a server that does not declare the capability", async () => {
    const { connection, asked } = fakeServer(() => ({ resources: [] }), {
      resources: false,
      prompts: false,
      completions: false,
    });
    await expect(listResources(connection)).rejects.toMatchObject({ code: "mcp_no_capability" });
    await expect(listPrompts(connection)).rejects.toMatchObject({ code: "mcp_no_capability" });
    expect(asked).toEqual([]);
  });

  it("stops a list at its count bound and fetches no page past it", async () => {
    const page = Array.from({ length: 4_000 }, (_, i) => ({ uri: `memo://${i}`, name: `r${i}` }));
    let pages = 0;
    const { connection, warnings } = fakeServer(() => ({ resources: page, nextCursor: String(++pages) }));
    const resources = await listResources(connection);
    expect(resources).toHaveLength(MCP_CONTENT_LIMITS.itemsPerServer);
    expect(pages).toBe(3);
    expect(warnings.map((warning) => warning.message).join()).toMatch(/past the first 10000 were left out/);
  });

  it("stops a list of huge entries at its size bound", async () => {
    const description = "x".repeat(1_000_000);
    const page = Array.from({ length: 2_000 }, (_, i) => ({ uri: `memo://${i}`, name: "r", description }));
    const { connection, warnings } = fakeServer(() => ({ resources: page }));
    const resources = await listResources(connection);
    // Each description is cut to its bound, and the list ends before its characters pass the total.
    expect(resources[0]?.description?.length).toBe(MCP_CONTENT_LIMITS.descriptionChars);
    expect(JSON.stringify(resources).length).toBeLessThanOrEqual(MCP_CONTENT_LIMITS.listChars + 2_000);
    expect(resources.length).toBeLessThan(page.length);
    expect(warnings).toHaveLength(1);
  });

  it("skips entries without a usable URI or name, cuts long labels, and drops fields of the wrong type", async () => {
    const { connection, warnings } = fakeServer((method) =>
      method === "resources/list"
        ? {
            resources: [
              { uri: `memo://${"u".repeat(MCP_CONTENT_LIMITS.uriChars)}`, name: "too long a uri" },
              { name: "no uri" },
              "not an object",
              { uri: "memo://ok", name: "n".repeat(10_000), mimeType: 42, size: -1, _meta: { secret: 1 } },
            ],
          }
        : {
            prompts: [
              { name: "p".repeat(MCP_CONTENT_LIMITS.nameChars + 1) },
              {
                name: "ok",
                arguments: [{ name: "a", required: "yes" }, { nope: 1 }, ...Array(500).fill({ name: "b" })],
              },
            ],
          },
    );
    const [resource, ...rest] = await listResources(connection);
    expect(rest).toEqual([]);
    expect(resource).toEqual({ uri: "memo://ok", name: `${"n".repeat(MCP_CONTENT_LIMITS.nameChars - 1)}…` });
    const prompts = await listPrompts(connection);
    expect(prompts.map((prompt) => prompt.name)).toEqual(["ok"]);
    expect(prompts[0]?.arguments?.[0]).toEqual({ name: "a" });
    expect(prompts[0]?.arguments?.length).toBeLessThanOrEqual(MCP_CONTENT_LIMITS.promptArguments);
    expect(warnings).toHaveLength(2);
  });

  it("fails a cursor loop instead of paging forever", async () => {
    const { connection } = fakeServer(() => ({ resources: [], nextCursor: "again" }));
    await expect(listResources(connection)).rejects.toThrow(/cursor "again" twice/);
  });

  it("refuses a read past the content bound, or with a part that is not contents", async () => {
    const big = "b".repeat(MCP_CONTENT_LIMITS.contentChars / 2 + 1);
    const huge = fakeServer(() => ({
      contents: [
        { uri: "memo://a", blob: big },
        { uri: "memo://b", blob: big },
      ],
    }));
    await expect(readResource(huge.connection, "memo://a")).rejects.toMatchObject({ code: "mcp_invalid_result" });
    const broken = fakeServer(() => ({ contents: [{ uri: "memo://a" }] }));
    await expect(readResource(broken.connection, "memo://a")).rejects.toThrow(/contents\[0\] has a blob that is/);
    const many = fakeServer(() => ({
      contents: Array(MCP_CONTENT_LIMITS.blocks + 1).fill({ uri: "m://a", text: "" }),
    }));
    await expect(readResource(many.connection, "m://a")).rejects.toThrow(/at most 1000/);
  });

  it("refuses a prompt whose message has no role or an unknown content type", async () => {
    const noRole = fakeServer(() => ({ messages: [{ role: "system", content: { type: "text", text: "x" } }] }));
    await expect(getPrompt(noRole.connection, "p", undefined)).rejects.toThrow(/no role/);
    const odd = fakeServer(() => ({ messages: [{ role: "user", content: { type: "hologram" } }] }));
    await expect(getPrompt(odd.connection, "p", undefined)).rejects.toThrow(/does not pass on/);
  });
});

describe("a tools/call result as a front end gets it", () => {
  it("keeps structuredContent within its bound, as a copy", () => {
    const structured = { answer: 42 };
    const checked = checkedCallResult({ content: [], structuredContent: structured });
    expect(checked?.structuredContent).toEqual({ answer: 42 });
    expect(checked?.structuredContent).not.toBe(structured);
    const past = checkedCallResult({
      content: [],
      structuredContent: { x: "y".repeat(MCP_CONTENT_LIMITS.structuredChars) },
    });
    expect(past).toEqual({ content: [], isError: false });
  });

  it("gives nothing for a block it does not know, so the library's own reading is used", () => {
    expect(checkedCallResult({ content: [{ type: "hologram" }] })).toBeUndefined();
    expect(checkedCallResult({ content: [{ type: "image", data: "x" }] })).toBeUndefined();
  });
});

describe("completions of a server that lies", () => {
  const request = { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } } as const;

  it("asks nothing of a server that does not declare completions", async () => {
    const { connection, asked } = fakeServer(() => ({ completion: { values: [] } }), {
      resources: true,
      prompts: true,
      completions: false,
    });
    await expect(complete(connection, request)).rejects.toMatchObject({ code: "mcp_no_capability" });
    expect(asked).toEqual([]);
  });

  it("keeps 100 values at most, of strings of a sane length, and says there are more", async () => {
    const values = [42, "x".repeat(5_000), ...Array.from({ length: 500 }, (_, i) => `v${i}`)];
    const { connection } = fakeServer(() => ({ completion: { values, total: -3, hasMore: false } }));
    const completion = await complete(connection, request);
    expect(completion.values).toHaveLength(100);
    expect(completion.values[0]).toBe("v0");
    expect(completion).toMatchObject({ hasMore: true });
    expect(completion.total).toBeUndefined();
  });

  it("fails on an answer without values", async () => {
    const { connection } = fakeServer(() => ({ completion: { values: "all" } }));
    await expect(complete(connection, request)).rejects.toMatchObject({ code: "mcp_invalid_result" });
  });
});
