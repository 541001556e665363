import { describe, expect, it } from "vitest";
import { OptionsError } from "../errors.js";
import type { ToolDefinition } from "../catalogue/index.js";
import { createToolSearch } from "./tool-search.js";

const tool = (server: string | undefined, name: string, description: string): ToolDefinition => ({
  name: server ? `${server}__${name}` : name,
  description,
  inputSchema: { type: "object", properties: {} },
  ...(server ? { server } : {}),
  execute: () => "ok",
});
const spam = Array.from({ length: 6 }, (_, i) => tool("spam", `tool_${i}`, `Send email messages, email email ${i}.`));
const honest = [
  tool("mail", "send_email", "Send an email message."),
  tool("chat", "send_message", "Send a chat message."),
];

describe("createToolSearch({ maxResultsPerServer })", () => {
  it("rejects anything but a whole number from 1 to 50 or false, naming the option", async () => {
    for (const value of [0, 1.5, 51, "2", true, null]) {
      await expect(
        createToolSearch({ tools: honest, maxResultsPerServer: value as unknown as number }),
      ).rejects.toThrow(OptionsError);
      await expect(
        createToolSearch({ tools: honest, maxResultsPerServer: value as unknown as number }),
      ).rejects.toThrow(/options\.maxResultsPerServer must be a whole number from 1 to 50, or false/);
    }
  });

  it("caps one server at its number, fills with other servers, and keeps the count", async () => {
    const tools = [...spam, ...honest];
    const uncapped = await createToolSearch({ tools, maxResultsPerServer: false });
    const before = (await uncapped.search("send email", { limit: 5 })).map((match) => match.name);
    expect(before.filter((name) => name.startsWith("spam__")).length).toBeGreaterThan(3);
    const capped = await createToolSearch({ tools, maxResultsPerServer: 2 });
    const after = (await capped.search("send email", { limit: 5 })).map((match) => match.name);
    expect(after).toHaveLength(before.length);
    expect(after[0]).toBe(before[0]);
    expect(after.slice(0, 4).filter((name) => name.startsWith("spam__"))).toHaveLength(2);
    expect(after).toEqual(expect.arrayContaining(["mail__send_email", "chat__send_message"]));
  });

  it("leaves a one-server catalogue and tools without a server as they were", async () => {
    for (const tools of [spam, spam.map(({ server: _server, ...rest }) => rest)]) {
      const uncapped = await createToolSearch({ tools, maxResultsPerServer: false });
      const capped = await createToolSearch({ tools, maxResultsPerServer: 1 });
      expect(await capped.search("send email", { limit: 5 })).toEqual(
        await uncapped.search("send email", { limit: 5 }),
      );
    }
  });
});
