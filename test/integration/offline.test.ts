import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { createToolSearch } from "../../src/index.js";

/** Makes every way out of this process throw, and records the attempts. */
function blockNetwork(): { attempts: string[]; restore(): void } {
  const attempts: string[] = [];
  const originals: [object, string, unknown][] = [];
  const block = (owner: object, key: string) => {
    originals.push([owner, key, (owner as Record<string, unknown>)[key]]);
    (owner as Record<string, unknown>)[key] = (...args: unknown[]) => {
      attempts.push(`${key}(${JSON.stringify(args[0])?.slice(0, 80)})`);
      throw new Error(`network blocked in this test: ${key}`);
    };
  };
  block(globalThis, "fetch");
  block(net, "connect");
  block(net, "createConnection");
  block(net.Socket.prototype, "connect");
  block(tls, "connect");
  block(http, "request");
  block(http, "get");
  block(https, "request");
  block(https, "get");
  return {
    attempts,
    restore: () =>
      originals.reverse().forEach(([owner, key, value]) => ((owner as Record<string, unknown>)[key] = value)),
  };
}

describe.each(["embedding", "hybrid"] as const)("ranker %s with the network blocked", (ranker) => {
  let network: ReturnType<typeof blockNetwork>;
  beforeAll(() => {
    network = blockNetwork();
  });
  afterAll(() => network.restore());

  it("loads the bundled model, indexes, searches and runs a tool", async () => {
    expect(() => fetch("http://127.0.0.1:9/")).toThrow(/network blocked/);
    network.attempts.length = 0;
    const toolSearch = await createToolSearch({ tools: exampleCatalogue, ranker });
    const session = toolSearch.session();
    const outcome = await session.searchTools({ query: "send a note to the team chat" });
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok && outcome.matches.length).toBeGreaterThan(0);
    expect(outcome.ok && outcome.matches.some((match) => match.name.startsWith("slack__"))).toBe(true);
    await toolSearch.close();
    expect(network.attempts).toEqual([]);
  });
});
