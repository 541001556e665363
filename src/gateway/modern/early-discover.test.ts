import { PassThrough, type Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseGatewaySettings } from "../config/gateway-config.js";
import { loadModernSdk } from "../gateway-sdk-v2.js";
import { answerDiscoverUntil, sdkDiscoverAnswerer, type DiscoverAnswerer } from "./early-discover.js";
import { newModernServer } from "./modern-server.js";
import { discoverBeforeStart } from "./modern-stdio.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const line = (message: object) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;
const discover = (id: number) => line({ id, method: "server/discover", params: { _meta: ENVELOPE } });
const listTools = (id: number) => line({ id, method: "tools/list", params: { _meta: ENVELOPE } });

/** Everything a stream gives until it ends. */
function drained(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    stream.on("end", () => resolve(text));
  });
}

/** A promise with its resolve, for the gateway's start. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A client stream through answerDiscoverUntil, with what it wrote early and the start to resolve. */
function throughEarly(
  answer: DiscoverAnswerer,
  start: (started: Promise<void>) => Promise<unknown> = (started) => started,
) {
  const client = new PassThrough();
  const written: string[] = [];
  const started = deferred();
  const handed = answerDiscoverUntil(
    client,
    { write: (chunk: Buffer) => written.push(chunk.toString("utf8")) > 0 },
    answer,
    start(started.promise),
  );
  return { client, written, start: started.resolve, handed };
}

describe("answerDiscoverUntil", () => {
  it("answers discover at once while the gateway starts, then hands it the rest in order", async () => {
    const asked: string[] = [];
    const { client, written, start, handed } = throughEarly(async (request) => {
      asked.push(request.toString("utf8"));
      return Buffer.from(`answer ${asked.length}\n`);
    });
    client.write(discover(1));
    client.write(discover(2) + listTools(3));
    client.write(discover(4));
    await settle();
    // Both probes are answered before the start; from tools/list on, everything waits for it.
    expect(asked).toEqual([discover(1), discover(2)]);
    expect(written).toEqual(["answer 1\n", "answer 2\n"]);
    start();
    const rest = await handed;
    client.end(listTools(5));
    expect(await drained(rest)).toBe(listTools(3) + discover(4) + listTools(5));
    expect(asked).toHaveLength(2);
  });

  it("leaves to the gateway a probe its answerer gives up on, or a line that is no discover request", async () => {
    for (const [first, answer] of [
      [discover(1), async () => undefined],
      [discover(1), async () => Promise.reject(new Error("no SDK"))],
      ["not json\n", async () => Buffer.from("never\n")],
      [line({ method: "server/discover", params: {} }), async () => Buffer.from("a notification gets no answer\n")],
    ] as const) {
      const { client, written, start, handed } = throughEarly(answer);
      client.end(first + listTools(2));
      await settle();
      start();
      expect(await drained(await handed)).toBe(first + listTools(2));
      expect(written).toEqual([]);
    }
  });

  it("answers nothing once the gateway has started: every line is the gateway's", async () => {
    const client = new PassThrough();
    const handed = answerDiscoverUntil(
      client,
      { write: () => expect.unreachable("nothing is answered early") },
      async () => Buffer.from("early\n"),
      Promise.resolve(),
    );
    const rest = await handed;
    client.end(discover(1));
    expect(await drained(rest)).toBe(discover(1));
  });

  it("hands over the gateway's part of a stream that ended while it started, and also when the start failed", async () => {
    const { client, written, start, handed } = throughEarly(
      async () => Buffer.from("answered\n"),
      (started) => started.then(() => Promise.reject(new Error("no server could start"))),
    );
    client.write(discover(1));
    await settle();
    client.end(`{"jsonrpc":"2.0","id":2,"method":"tools/l`);
    await settle();
    start();
    expect(await drained(await handed)).toBe(`{"jsonrpc":"2.0","id":2,"method":"tools/l`);
    expect(written).toEqual(["answered\n"]);
  });

  it("does not answer a probe the client gave up on: its stream ended while the answer was made", async () => {
    const { client, written, start, handed } = throughEarly(
      () => new Promise((resolve) => setTimeout(() => resolve(Buffer.from("too late\n")), 20)),
    );
    // As readStdioOpening ends the modern side when an initialize follows the probe.
    client.end(discover(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    start();
    expect(await drained(await handed)).toBe(discover(1));
    expect(written).toEqual([]);
  });
});

describe("answerDiscoverUntil, when stdout fails", () => {
  it("hands the probe to the gateway rather than stall", async () => {
    const client = new PassThrough();
    const started = deferred();
    const handed = answerDiscoverUntil(
      client,
      {
        write: () => {
          throw new Error("stdout is gone");
        },
      },
      async () => Buffer.from("answer\n"),
      started.promise,
    );
    client.write(discover(1) + listTools(2));
    await settle();
    started.resolve();
    const rest = await handed;
    client.end();
    expect(await drained(rest)).toBe(discover(1) + listTools(2));
  });
});

describe("sdkDiscoverAnswerer", () => {
  it("answers as SDK v2's serveStdio does, from the server it is given", async () => {
    const sdk = await loadModernSdk();
    const answer = sdkDiscoverAnswerer(sdk, () => newModernServer(sdk, "Use search_tools."));
    const answered = await answer(Buffer.from(discover(7)));
    const message = JSON.parse(answered!.toString("utf8")) as {
      id: number;
      result: { supportedVersions: string[]; instructions: string; capabilities: Record<string, unknown> };
    };
    expect(message.id).toBe(7);
    expect(message.result.supportedVersions).toContain("2026-07-28");
    expect(message.result.instructions).toBe("Use search_tools.");
    expect(message.result.capabilities).toMatchObject({ tools: { listChanged: true }, logging: {} });
  });

  it("gives up (leaving the probe to the gateway) when the server cannot be made", async () => {
    const sdk = await loadModernSdk();
    const answer = sdkDiscoverAnswerer(sdk, () => {
      throw new Error("broken factory");
    });
    // The SDK answers a factory's failure with an internal error: not an answer to send early.
    expect(await answer(Buffer.from(discover(1)))).toBeUndefined();
  });
});

describe("discoverBeforeStart", () => {
  it("says what the started gateway says: the servers the policy shows, and their content", async () => {
    const sdk = await loadModernSdk();
    const config = {
      servers: { github: { command: "gh-mcp" }, vault: { command: "vault-mcp" } },
      settings: parseGatewaySettings({ deny: ["vault__*"] }, "mcp.json", ["github", "vault"]),
    };
    const answered = await discoverBeforeStart(sdk, config, "search")(Buffer.from(discover(1)));
    const { result } = JSON.parse(answered!.toString("utf8")) as {
      result: { instructions: string; capabilities: Record<string, unknown> };
    };
    expect(result.instructions).toMatch(/^toolsift fronts 1 MCP server \(github\);/);
    expect(result.instructions).toContain("through call_tool");
    expect(result.capabilities).toMatchObject({
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      completions: {},
    });
  });
});
