import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { everythingServerEntry, waitFor } from "../../../test/support/mcp-servers.js";
import { readFileSync, existsSync } from "node:fs";

// Two content servers (one of which a group's policy hides) and one with tools only, each a real
// stdio fixture process behind a real Gateway; the clients are the MCP SDK's own.
const cancelFile = join(scratchDir(), "cancelled");
let gateway: InProcessGateway;
let alice: Client;
let bob: Client;

/** Of a list, the entries of the dynamic fixture servers (server-everything's are checked apart). */
function ofFixtures(names: string[]): string[] {
  return names.filter((name) => /^(toolsift:\/\/)?(dyn|secret|plain)(\/|__)/.test(name)).sort();
}

beforeAll(async () => {
  gateway = await startInProcessGateway(
    { policies: [{ groups: ["ops"], deny: ["secret__*"] }] },
    {
      servers: {
        dyn: { FIXTURE_CONTENT: "1", FIXTURE_CANCEL_FILE: cancelFile },
        secret: { FIXTURE_CONTENT: "1" },
        plain: {},
      },
      otherServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      },
      mode: "stubs",
    },
  );
  alice = await gateway.connect(caller("alice"));
  bob = await gateway.connect(caller("bob", { groups: ["ops"] }));
}, 60_000);
afterAll(() => gateway?.close());

describe("the gateway's resources and prompts", () => {
  it("declares resources and prompts with listChanged", () => {
    expect(alice.getServerCapabilities()).toMatchObject({
      resources: { listChanged: true },
      prompts: { listChanged: true },
    });
  });

  it("lists every page of each content server's resources, under URIs that name the server", async () => {
    const { resources } = await alice.listResources();
    expect(ofFixtures(resources.map((resource) => resource.uri))).toEqual([
      "toolsift://dyn/file:///shared/readme.md",
      "toolsift://dyn/memo://greeting",
      "toolsift://secret/file:///shared/readme.md",
      "toolsift://secret/memo://greeting",
    ]);
    expect(resources.find((resource) => resource.uri === "toolsift://dyn/memo://greeting")?.name).toBe("dyn__greeting");
  });

  it("reads a resource from the server whose URI it is", async () => {
    const { contents } = await alice.readResource({ uri: "toolsift://dyn/memo://greeting" });
    expect(contents).toEqual([{ uri: "toolsift://dyn/memo://greeting", mimeType: "text/plain", text: "hello" }]);
  });

  it("reads a URI filled in from a template, and passes on the server's not-found", async () => {
    const { resourceTemplates } = await alice.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain("toolsift://dyn/memo://notes/{id}");
    const { contents } = await alice.readResource({ uri: "toolsift://dyn/memo://notes/42" });
    expect(contents[0]).toMatchObject({ uri: "toolsift://dyn/memo://notes/42", text: "note 42" });
    await expect(alice.readResource({ uri: "toolsift://dyn/memo://nothing" })).rejects.toMatchObject({ code: -32002 });
    await expect(alice.readResource({ uri: "memo://greeting" })).rejects.toMatchObject({ code: -32002 });
  });

  it("lists and gets prompts named server__prompt, with their embedded resources' URIs namespaced", async () => {
    const { prompts } = await alice.listPrompts();
    expect(ofFixtures(prompts.map((prompt) => prompt.name))).toEqual(["dyn__greet", "secret__greet"]);
    const prompt = await alice.getPrompt({ name: "dyn__greet", arguments: { who: "Ada" } });
    expect(prompt.messages).toEqual([
      { role: "user", content: { type: "text", text: "Say hello to Ada." } },
      {
        role: "user",
        content: { type: "resource", resource: { uri: "toolsift://dyn/memo://greeting", text: "hello" } },
      },
    ]);
  });

  it("hides the resources and prompts of a server the caller's policy hides, and refuses to read them", async () => {
    const { resources } = await bob.listResources();
    expect(ofFixtures(resources.map((resource) => resource.uri))).toEqual([
      "toolsift://dyn/file:///shared/readme.md",
      "toolsift://dyn/memo://greeting",
    ]);
    expect(ofFixtures((await bob.listPrompts()).prompts.map((prompt) => prompt.name))).toEqual(["dyn__greet"]);
    expect(
      ofFixtures((await bob.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)),
    ).toEqual(["toolsift://dyn/memo://notes/{id}"]);
    await expect(bob.readResource({ uri: "toolsift://secret/memo://greeting" })).rejects.toMatchObject({
      code: -32002,
    });
    await expect(bob.getPrompt({ name: "secret__greet", arguments: { who: "x" } })).rejects.toThrow(/Unknown prompt/);
  });

  it("passes each server's list_changed on to the clients that may see it", async () => {
    const heard = { alice: [] as string[], bob: [] as string[] };
    alice.setNotificationHandler(ResourceListChangedNotificationSchema, () => void heard.alice.push("resources"));
    alice.setNotificationHandler(PromptListChangedNotificationSchema, () => void heard.alice.push("prompts"));
    bob.setNotificationHandler(ResourceListChangedNotificationSchema, () => void heard.bob.push("resources"));
    bob.setNotificationHandler(PromptListChangedNotificationSchema, () => void heard.bob.push("prompts"));
    await alice.callTool({ name: "dyn__add_resource", arguments: { name: "fresh" } });
    await alice.callTool({ name: "dyn__add_prompt", arguments: { name: "fresh_prompt" } });
    await waitFor("both list_changed at both clients", () => heard.alice.length === 2 && heard.bob.length === 2);
    expect((await alice.listResources()).resources.map((resource) => resource.uri)).toContain(
      "toolsift://dyn/memo://fresh",
    );
    expect((await alice.listPrompts()).prompts.map((prompt) => prompt.name)).toContain("dyn__fresh_prompt");
    // The hidden server's change reaches Alice only.
    await alice.callTool({ name: "secret__add_resource", arguments: { name: "covert" } });
    await waitFor("Alice hears the hidden server's change", () => heard.alice.length === 3);
    await alice.listResources();
    expect(heard.bob).toEqual(["resources", "prompts"]);
  });
});

describe("server-everything's resources and prompts through the gateway", () => {
  it("lists its resources and templates, reads one of each, and gets its prompts", async () => {
    const { resources } = await alice.listResources();
    const mine = resources.filter((resource) => resource.uri.startsWith("toolsift://everything/"));
    expect(mine.length).toBeGreaterThan(0);
    const first = mine[0]!;
    const read = await alice.readResource({ uri: first.uri });
    expect(read.contents[0]?.uri).toBe(first.uri);
    expect(read.contents[0]).toSatisfy((part: Record<string, unknown>) => typeof (part.text ?? part.blob) === "string");
    const { resourceTemplates } = await alice.listResourceTemplates();
    const template = resourceTemplates.find((candidate) => candidate.uriTemplate.startsWith("toolsift://everything/"));
    expect(template?.uriTemplate).toMatch(/\{[^}]+\}/);
    const filled = template!.uriTemplate.replace(/\{[^}]+\}/, "1");
    expect((await alice.readResource({ uri: filled })).contents[0]?.uri).toBe(filled);
    const { prompts } = await alice.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(
      expect.arrayContaining(["everything__simple-prompt", "everything__args-prompt"]),
    );
    const simple = await alice.getPrompt({ name: "everything__simple-prompt" });
    expect(simple.messages[0]?.content.type).toBe("text");
  });
});

describe("tool results through the gateway", () => {
  it("keep the server's structuredContent and resource links, with the links' URIs readable through the gateway", async () => {
    const result = CallToolResultSchema.parse(await alice.callTool({ name: "dyn__link_readme", arguments: {} }));
    expect(result.structuredContent).toEqual({ found: 1 });
    expect(result.content).toEqual([
      { type: "resource_link", uri: "toolsift://dyn/file:///shared/readme.md", name: "readme" },
    ]);
    const link = result.content[0];
    if (link?.type !== "resource_link") throw new Error("no resource link");
    expect((await alice.readResource({ uri: link.uri })).contents[0]).toMatchObject({ text: "# readme" });
  });

  it("keep structuredContent that came without content, and every content type", async () => {
    const structured = await alice.callTool({ name: "dyn__structured_only", arguments: {} });
    expect(structured.structuredContent).toEqual({ answer: 42, unit: "widgets" });
    const mixed = CallToolResultSchema.parse(await alice.callTool({ name: "dyn__mixed_content", arguments: {} }));
    expect(mixed.content.map((block) => block.type)).toEqual([
      "text",
      "text",
      "image",
      "image",
      "audio",
      "resource_link",
      "resource",
      "resource",
      "resource",
    ]);
    expect(mixed.content[6]).toEqual({
      type: "resource",
      resource: { uri: "toolsift://dyn/memo://note", mimeType: "text/plain", text: "remember the milk" },
    });
  });

  it("cancel the upstream call when the client cancels it", async () => {
    const abort = new AbortController();
    const call = alice.callTool({ name: "dyn__hang", arguments: {} }, undefined, { signal: abort.signal });
    const lines = () => (existsSync(cancelFile) ? readFileSync(cancelFile, "utf8") : "");
    await waitFor("the call to reach the upstream server", () => lines() === "started\n");
    abort.abort();
    await expect(call).rejects.toThrow();
    await waitFor("the upstream server to be told of the cancellation", () => lines() === "started\ncancelled\n");
  });
});
