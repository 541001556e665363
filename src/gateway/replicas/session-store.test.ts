import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { describePostgres, dropTable } from "../../../test/support/postgres.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { MemorySessionStore } from "./memory-session-store.js";
import { MAX_NOTIFY_BYTES, PostgresSessionStore } from "./postgres-session-store.js";
import type { ReplicaMessage, SessionRecord, SessionStore } from "./session-store.js";

const record = (id: string, hydrated: string[] = []): SessionRecord => ({
  id,
  owner: "token:alice#abc",
  initialize: {
    protocolVersion: "2025-06-18",
    capabilities: { elicitation: {} },
    clientInfo: { name: "c", version: "1" },
  },
  state: { recency: hydrated, firstUse: hydrated, lastListed: "digest", announced: false },
});

/** What every store must do, for the memory store and PostgreSQL alike. `replicas` opens stores over the same data. */
function storeContract(open: () => SessionStore) {
  const opened: SessionStore[] = [];
  const store = () => {
    const made = open();
    opened.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(opened.map((made) => made.close()));
  });

  it("saves, loads, replaces and deletes a record", async () => {
    const [a, b] = [store(), store()];
    await a.save(record("s1", ["x__one"]));
    expect(await b.load("s1")).toEqual(record("s1", ["x__one"]));
    await b.save(record("s1", ["x__one", "x__two"]));
    expect((await a.load("s1"))?.state.recency).toEqual(["x__one", "x__two"]);
    await a.delete("s1");
    expect(await b.load("s1")).toBeUndefined();
    expect(await b.load("never")).toBeUndefined();
  });

  it("expires records idle past the time-out, and touch keeps one active", async () => {
    const a = store();
    await a.save(record("idle"));
    await a.save(record("busy"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await a.touch("busy");
    expect(await a.expire(200)).toBeGreaterThanOrEqual(1);
    expect(await a.load("idle")).toBeUndefined();
    expect(await a.load("busy")).toBeDefined();
    await a.delete("busy");
  });

  it("delivers every message to every subscriber, one too large for a NOTIFY included", async () => {
    const [a, b] = [store(), store()];
    const got: ReplicaMessage[] = [];
    await b.subscribe((message) => got.push(message));
    const small: ReplicaMessage = { kind: "closed", session: "s2" };
    const large: ReplicaMessage = {
      kind: "response",
      session: "s2",
      replica: "abcd",
      message: { jsonrpc: "2.0", id: "abcd:1", result: { content: { text: "é".repeat(MAX_NOTIFY_BYTES) } } },
    };
    await a.publish(small);
    await a.publish(large);
    await waitFor("both messages", () => got.length >= 2);
    expect(got).toEqual([small, large]);
  });
}

describe("MemorySessionStore", () => {
  const shared = new MemorySessionStore();
  // Two "replicas" of one process share the one store object.
  storeContract(() => ({ ...bind(shared), close: async () => {} }));
});

describePostgres("PostgresSessionStore", (url) => {
  const table = `toolsift_test_sessions_${randomBytes(4).toString("hex")}`;
  afterAll(async () => {
    await dropTable(url, table);
    await dropTable(url, `${table}_messages`);
  });
  storeContract(() => new PostgresSessionStore({ connectionString: url, table }));

  it("refuses a table name that is not a plain identifier", () => {
    expect(() => new PostgresSessionStore({ connectionString: url, table: 'x"; DROP TABLE y; --' })).toThrow(
      /lower-case letters/,
    );
  });
});

describe("PostgresSessionStore, no server", () => {
  it("fails its calls (it never hangs past its time-outs) and names no password", async () => {
    const store = new PostgresSessionStore({
      connectionString: "postgres://toolsift:hunter2@127.0.0.1:1/none",
      statementTimeoutMs: 500,
    });
    const error = await store.load("s").then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(error?.message)).not.toContain("hunter2");
    await store.close();
  });
});

function bind(store: MemorySessionStore): Omit<SessionStore, "close"> {
  return {
    load: (id) => store.load(id),
    save: (saved) => store.save(saved),
    touch: (id) => store.touch(id),
    delete: (id) => store.delete(id),
    expire: (idleMs) => store.expire(idleMs),
    publish: (message) => store.publish(message),
    subscribe: (listener) => store.subscribe(listener),
  };
}
