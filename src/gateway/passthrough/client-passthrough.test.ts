import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { everythingServerEntry, waitFor } from "../../../test/support/mcp-servers.js";

// A real Gateway in this process in front of server-everything and the dynamic fixture (real
// stdio processes), and real SDK v1 clients: what a 2025-era client uses besides tools/call passes through.
let gateway: InProcessGateway;
let alice: Client;

beforeAll(async () => {
  gateway = await startInProcessGateway(
    {},
    {
      servers: { dyn: { FIXTURE_CONTENT: "1" } },
      otherServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      },
    },
  );
  alice = await gateway.connect(caller("alice"));
}, 60_000);
afterAll(() => gateway?.close());

describe("progress through the gateway", () => {
  it("keeps a long call alive for a client that resets its timeout on progress, under its own token", async () => {
    const seen: Progress[] = [];
    const result = await alice.callTool(
      { name: "everything__trigger-long-running-operation", arguments: { duration: 3, steps: 6 } },
      undefined,
      // Shorter than the whole operation, longer than a step: only progress keeps the request alive.
      { timeout: 1_500, resetTimeoutOnProgress: true, onprogress: (progress) => seen.push(progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain("Long running operation completed");
    // Steps that reach the gateway bunched together (a busy machine) may be thinned out, never
    // reordered; the SDK client drops progress that arrives with the answer, so the last may not show.
    const steps = seen.map((progress) => progress.progress);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps).toEqual([...new Set(steps)].sort((a, b) => a - b));
    expect(steps.every((step) => step >= 1 && step <= 6)).toBe(true);
    expect(seen[0]).toMatchObject({ progress: 1, total: 6 });
  });

  it("sends no progress to a client that asked for none", async () => {
    const result = await alice.callTool({
      name: "everything__trigger-long-running-operation",
      arguments: { duration: 0.3, steps: 3 },
    });
    expect(result.isError).toBeFalsy();
  });
});

describe("completions through the gateway", () => {
  const department = { type: "ref/prompt", name: "everything__completable-prompt" } as const;

  it("forwards a prompt argument's completion, with its context, to the prompt's server", async () => {
    expect(alice.getServerCapabilities()?.completions).toEqual({});
    const first = await alice.complete({ ref: department, argument: { name: "department", value: "Eng" } });
    expect(first.completion.values).toEqual(["Engineering"]);
    const second = await alice.complete({
      ref: department,
      argument: { name: "name", value: "" },
      context: { arguments: { department: "Sales" } },
    });
    expect(second.completion.values).toEqual(["David", "Eve", "Frank"]);
  });

  it("forwards a resource template variable's completion to the template's server", async () => {
    const { completion } = await alice.complete({
      ref: { type: "ref/resource", uri: "toolsift://everything/demo://resource/dynamic/text/{resourceId}" },
      argument: { name: "resourceId", value: "7" },
    });
    expect(completion.values).toEqual(["7"]);
  });

  it("says clearly when the server offers no completions, or there is no such prompt or template", async () => {
    await expect(
      alice.complete({ ref: { type: "ref/prompt", name: "dyn__greet" }, argument: { name: "who", value: "a" } }),
    ).rejects.toThrow(/MCP server "dyn" does not offer completions/);
    await expect(
      alice.complete({ ref: { type: "ref/prompt", name: "nobody__greet" }, argument: { name: "who", value: "a" } }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      alice.complete({
        ref: { type: "ref/resource", uri: "demo://unwrapped/{x}" },
        argument: { name: "x", value: "" },
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe("upstream log messages through the gateway", () => {
  it("reach the clients that may see the server, labelled with it, at each client's own level", async () => {
    const heard: { alice: LoggingMessageNotification["params"][]; bob: LoggingMessageNotification["params"][] } = {
      alice: [],
      bob: [],
    };
    const bob = await gateway.connect(caller("bob"));
    alice.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      heard.alice.push(notification.params);
    });
    bob.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      heard.bob.push(notification.params);
    });
    expect(alice.getServerCapabilities()?.logging).toEqual({});
    await bob.setLoggingLevel("emergency");
    // server-everything logs one message at a random level at once, then one every 5 s.
    const toggle = { name: "everything__toggle-simulated-logging", arguments: {} };
    await alice.callTool(toggle);
    try {
      await waitFor("a log message of server-everything", () => heard.alice.length > 0);
      expect(heard.alice[0]).toMatchObject({ logger: "everything" });
      expect(String(heard.alice[0]?.data)).toMatch(/-level message|level-message/);
      expect(heard.bob.every((message) => message.level === "emergency")).toBe(true);
    } finally {
      await alice.callTool(toggle);
    }
  });
});
