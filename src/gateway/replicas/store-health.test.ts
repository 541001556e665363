import { describe, expect, it } from "vitest";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { TEST_PG } from "../../../test/support/postgres.js";
import { DependencyError } from "../../errors.js";
import { serveGateway } from "../http/http-test-kit.fixture.js";
import { guardedStore } from "./guarded-store.js";
import { PostgresSessionStore } from "./postgres-session-store.js";
import type { SessionStore } from "./session-store.js";

const metrics = { contentType: "text/plain; version=0.0.4", render: async () => "toolsift_searches_total 0\n" };

/** /readyz and /metrics of a gateway whose session store is `store`, once `settled` holds of /readyz's answer. */
async function probe(store: SessionStore, settled: (status: number) => boolean) {
  const served = await serveGateway({ sessionStore: store, metrics });
  const origin = `http://127.0.0.1:${served.listener.port}`;
  try {
    await waitFor("the upstream server to connect", () => served.gateway.ready, 15_000);
    let status = 0;
    let body = "";
    await waitFor("/readyz to settle", async () => {
      const answer = await fetch(`${origin}/readyz`);
      [status, body] = [answer.status, await answer.text()];
      return settled(status);
    });
    const gauge = /toolsift_session_store_shared (\d)/.exec(await (await fetch(`${origin}/metrics`)).text())?.[1];
    return { status, body: JSON.parse(body) as Record<string, unknown>, text: body, gauge };
  } finally {
    await served.close();
  }
}

const failing = (error: Error): SessionStore => {
  const fail = () => Promise.reject(error);
  return {
    load: fail,
    save: fail,
    touch: fail,
    delete: fail,
    expire: fail,
    publish: fail,
    subscribe: fail,
    close: async () => {},
  };
};

describe("/readyz and /metrics with a session store", () => {
  it("answers 503 with the reason when the pg package is missing: the replica would serve unshared", async () => {
    const missing = new DependencyError("pg", 'toolsift.sessions needs the "pg" package.');
    const ready = await probe(guardedStore(failing(missing), { log: () => undefined }), (status) => status !== 200);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "session store unusable" });
    expect(String(ready.body.reason)).toContain("npm install pg");
    expect(ready.gauge).toBe("0");
  });

  it.skipIf(!TEST_PG)(
    "answers 503 with the reason when PostgreSQL refuses the password, naming no secret",
    async () => {
      const wrong = new URL(TEST_PG!);
      wrong.password = "not-the-password-4f1c";
      const store = guardedStore(new PostgresSessionStore({ connectionString: wrong.toString() }), {
        log: () => undefined,
      });
      const ready = await probe(store, (status) => status !== 200);
      expect(ready.status).toBe(503);
      expect(String(ready.body.reason)).toMatch(/refused the session store's password/);
      expect(ready.text).not.toContain("not-the-password-4f1c");
      expect(ready.text).not.toContain(wrong.username);
      await store.close();
    },
  );

  it("stays ready in an outage (nothing answers at the store's address), saying sessions are degraded", async () => {
    const store = guardedStore(
      new PostgresSessionStore({
        connectionString: "postgres://toolsift:hunter2@127.0.0.1:1/none",
        statementTimeoutMs: 500,
      }),
      { log: () => undefined },
    );
    const ready = await probe(store, () => store.down);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ready", sessions: "degraded" });
    expect(ready.text).not.toContain("hunter2");
    expect(ready.gauge).toBe("0");
    await store.close();
  });
});
