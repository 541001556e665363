import { request } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { parseMetrics, sampleValue } from "../../../test/support/prometheus-text.js";
import { LOCAL_CALLER } from "../auth/caller.js";
import { isLoopbackAddress } from "../auth/loopback-host.js";
import { listenMetrics } from "./metrics-listener.js";
import { createGatewayMetrics } from "./metrics.js";

/** A raw HTTP request over loopback, with exactly the headers given (Host included). */
function raw(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/metrics",
        headers: options.headers ?? {},
        setHost: false,
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("listenMetrics", () => {
  it("serves GET /metrics on loopback in the Prometheus text format, and nothing else", async () => {
    const metrics = await createGatewayMetrics({ processMetrics: false });
    metrics.observe({ type: "search", caller: LOCAL_CALLER, session: "s", matches: 2, weak: false, ms: 1 });
    const listener = await listenMetrics(metrics, { port: 0, log: () => undefined });
    try {
      expect(listener.url).toBe(`http://127.0.0.1:${listener.port}/metrics`);
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(metrics.contentType);
      expect(sampleValue(parseMetrics(await response.text()), "toolsift_searches_total")).toBe(1);
      const host = { host: `127.0.0.1:${listener.port}` };
      expect((await raw(listener.port, { method: "POST", headers: host })).status).toBe(405);
      expect((await raw(listener.port, { method: "POST", headers: host })).headers.allow).toBe("GET, HEAD");
      expect((await raw(listener.port, { path: "/mcp", headers: host })).status).toBe(404);
      expect(
        (await raw(listener.port, { path: "/metrics?x=1", headers: { host: `localhost:${listener.port}` } })).status,
      ).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it("refuses a Host or Origin that is not loopback, so a web page cannot read it through DNS rebinding", async () => {
    const metrics = await createGatewayMetrics({ processMetrics: false });
    const listener = await listenMetrics(metrics, { port: 0, log: () => undefined });
    try {
      const evilHost = await raw(listener.port, { headers: { host: `evil.example:${listener.port}` } });
      expect(evilHost.status).toBe(403);
      expect(evilHost.body).not.toContain("toolsift_");
      const evilOrigin = await raw(listener.port, {
        headers: { host: `127.0.0.1:${listener.port}`, origin: "http://evil.example" },
      });
      expect(evilOrigin.status).toBe(403);
      // HTTP/1.1 without Host: Node refuses it before the handler runs.
      expect((await raw(listener.port, { headers: {} })).status).toBe(400);
      const fromLocalPage = await raw(listener.port, {
        headers: { host: `127.0.0.1:${listener.port}`, origin: `http://localhost:3000` },
      });
      expect(fromLocalPage.status).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it("refuses to bind anything but a loopback address", async () => {
    const metrics = await createGatewayMetrics({ processMetrics: false });
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "localhost", "example.com"]) {
      await expect(listenMetrics(metrics, { port: 0, host, log: () => undefined })).rejects.toMatchObject({
        code: "metrics_off_loopback",
      });
    }
    expect(["127.0.0.1", "127.0.0.2", "::1", "[::1]"].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    const other = await listenMetrics(metrics, { port: 0, host: "127.0.0.2", log: () => undefined });
    expect(other.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/metrics$/);
    await other.close();
  });

  it("cuts off a client that never finishes its headers", async () => {
    const metrics = await createGatewayMetrics({ processMetrics: false });
    const listener = await listenMetrics(metrics, { port: 0, log: () => undefined });
    try {
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = connect(listener.port, "127.0.0.1", () => socket.write("GET /metrics HTTP/1.1\r\nHost: 127"));
        socket.on("error", reject);
        socket.on("close", () => resolve(Date.now() - started));
        socket.resume();
      });
      expect(closedAfter).toBeGreaterThanOrEqual(4_500);
      expect(closedAfter).toBeLessThan(9_000);
    } finally {
      await listener.close();
    }
  }, 15_000);
});
