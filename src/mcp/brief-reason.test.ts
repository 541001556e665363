import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../errors.js";
import { BriefedError, briefReason } from "./brief-reason.js";

describe("briefReason", () => {
  it("says a failure in fixed words, from its code or one of its causes' codes", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:8443"), { code: "ECONNREFUSED" });
    expect(briefReason(new TypeError("fetch failed", { cause: refused }), "could not connect")).toBe(
      "connection refused",
    );
    expect(briefReason(Object.assign(new Error("x"), { code: 401 }), "?")).toBe("HTTP 401");
    expect(briefReason(Object.assign(new Error("MCP error -32001: Request timed out"), { code: -32001 }), "?")).toBe(
      "timed out",
    );
    expect(briefReason(new Error("spawn /opt/bin/server ENOENT"), "?")).toBe("command not found");
    // SDK v2's errors: string codes, and the HTTP status apart from the code.
    expect(briefReason(Object.assign(new Error("Request timed out"), { code: "REQUEST_TIMEOUT" }), "?")).toBe(
      "timed out",
    );
    expect(briefReason(Object.assign(new Error("Connection closed"), { code: "CONNECTION_CLOSED" }), "?")).toBe(
      "connection closed",
    );
    expect(briefReason(Object.assign(new Error("x"), { code: "CLIENT_HTTP_AUTHENTICATION", status: 401 }), "?")).toBe(
      "HTTP 401",
    );
    expect(briefReason(new BriefedError("mcp_connect_failed", "long story", "exited with code 1"), "?")).toBe(
      "exited with code 1",
    );
  });

  it("never passes on the failure's own text: anything unrecognised is the fallback", () => {
    const leaky = new ToolsiftError(
      "mcp_connect_failed",
      'Could not connect to "x" started as "server --token=sk-live-123": Bearer sk-live-123 rejected',
    );
    expect(briefReason(leaky, "could not connect")).toBe("could not connect");
    expect(briefReason(Object.assign(new Error("x"), { code: "EVIL_sk-live-123" }), "fallback")).toBe("fallback");
    expect(briefReason("a string", "fallback")).toBe("fallback");
    // A cycle of causes ends.
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(briefReason(loop, "fallback")).toBe("fallback");
  });
});
