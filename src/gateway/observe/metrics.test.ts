import { register as globalRegistry } from "prom-client";
import { describe, expect, it } from "vitest";
import { parseMetrics, sampleValue } from "../../../test/support/prometheus-text.js";
import { LOCAL_CALLER } from "../auth/caller.js";
import type { GatewayEvent } from "./gateway-event.js";
import { createGatewayMetrics } from "./metrics.js";

function call(tool: string, overrides: Partial<Extract<GatewayEvent, { type: "call" }>> = {}): GatewayEvent {
  return {
    type: "call",
    caller: LOCAL_CALLER,
    session: "s",
    tool,
    server: tool.split("__")[0],
    argumentsSha256: "0".repeat(64),
    argumentsBytes: 2,
    approval: "not-needed",
    outcome: "ok",
    ms: 40,
    ...overrides,
  };
}

describe("createGatewayMetrics", () => {
  it("counts searches, calls, approvals, denials, failed authentications and upstream states", async () => {
    const metrics = await createGatewayMetrics({ servers: ["dyn", "docs", "slow"], processMetrics: false });
    const search = (matches: number, weak: boolean, ms: number): GatewayEvent => ({
      type: "search",
      caller: LOCAL_CALLER,
      session: "s",
      matches,
      weak,
      ms,
    });
    for (const event of [
      search(3, false, 2),
      search(0, false, 1),
      search(1, true, 700),
      call("dyn__echo"),
      call("dyn__echo", { outcome: "error", ms: 3_000 }),
      { type: "approval-asked", caller: LOCAL_CALLER, session: "s", tool: "dyn__wipe_data" },
      call("dyn__wipe_data", { approval: "confirmed" }),
      { type: "approval-asked", caller: LOCAL_CALLER, session: "s", tool: "dyn__wipe_data" },
      call("dyn__wipe_data", { approval: "declined", outcome: "refused" }),
      call("dyn__wipe_data", { approval: "pre-approved" }),
      { type: "denied", caller: LOCAL_CALLER, session: "s", tool: "dyn__drop", reason: "policy" },
      { type: "auth-failed", reason: "expired", remoteAddress: "127.0.0.1" },
      { type: "auth-failed", reason: "expired", remoteAddress: "127.0.0.1" },
      { type: "upstream", server: "dyn", state: "connected" },
      { type: "upstream", server: "docs", state: "down" },
    ] satisfies GatewayEvent[])
      metrics.observe(event);

    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = parseMetrics(await metrics.render());
    expect(sampleValue(parsed, "toolsift_searches_total")).toBe(3);
    expect(sampleValue(parsed, "toolsift_searches_empty_total")).toBe(1);
    expect(sampleValue(parsed, "toolsift_searches_weak_total")).toBe(1);
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "ok" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "error" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__wipe_data", outcome: "refused" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_approvals_asked_total")).toBe(2);
    expect(sampleValue(parsed, "toolsift_approvals_total", { result: "accepted" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_approvals_total", { result: "declined" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_approvals_total", { result: "pre_approved" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_denials_total", { reason: "policy" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_auth_failures_total", { reason: "expired" })).toBe(2);
    expect(sampleValue(parsed, "toolsift_upstream_servers", { state: "connected" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_upstream_servers", { state: "down" })).toBe(1);
    expect(sampleValue(parsed, "toolsift_upstream_servers", { state: "connecting" })).toBe(1);
    const searchSeconds = parsed.get("toolsift_search_duration_seconds")!.metrics[0]!;
    expect(searchSeconds).toMatchObject({ count: "3", buckets: { "0.0025": "2", "0.5": "2", "1": "3" } });
    expect(Number(searchSeconds.sum)).toBeCloseTo(0.703);
    const callSeconds = parsed.get("toolsift_tool_call_duration_seconds")!.metrics[0]!;
    expect(callSeconds).toMatchObject({ count: "5", buckets: { "0.025": "0", "0.05": "4", "2.5": "4", "5": "5" } });
  });

  it("caps the distinct tool labels, folding the rest into other, and gives unknown names none", async () => {
    const metrics = await createGatewayMetrics({ maxToolLabels: 3, processMetrics: false });
    for (let i = 0; i < 50; i++) metrics.observe(call(`up__tool_${i}`));
    metrics.observe(call("up__tool_1"));
    // A name no server lists (the client made it up) never takes a label of its own.
    for (let i = 0; i < 20; i++) metrics.observe(call(`made_up_${i}`, { server: undefined, outcome: "refused" }));
    const family = parseMetrics(await metrics.render()).get("toolsift_tool_calls_total")!;
    expect(family.metrics.map((metric) => metric.labels?.tool).sort()).toEqual([
      "other",
      "unknown",
      "up__tool_0",
      "up__tool_1",
      "up__tool_2",
    ]);
    const parsed = parseMetrics(await metrics.render());
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "other" })).toBe(47);
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "up__tool_1" })).toBe(2);
    expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "unknown", outcome: "refused" })).toBe(20);
  });

  it("uses a registry of its own, with process metrics, and leaves prom-client's global one alone", async () => {
    const before = await globalRegistry.metrics();
    const metrics = await createGatewayMetrics();
    metrics.observe(call("dyn__echo"));
    const parsed = parseMetrics(await metrics.render());
    expect(sampleValue(parsed, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(await globalRegistry.metrics()).toBe(before);
    expect(await globalRegistry.metrics()).not.toContain("toolsift_");
  });

  it("counts misses by kind when they are recorded, and has no such series otherwise", async () => {
    const miss = (kind: "empty" | "weak"): GatewayEvent => ({ type: "miss", caller: LOCAL_CALLER, session: "s", kind });
    const on = await createGatewayMetrics({ processMetrics: false, misses: true });
    for (const event of [miss("empty"), miss("weak"), miss("weak")]) on.observe(event);
    const counted = parseMetrics(await on.render());
    expect(sampleValue(counted, "toolsift_misses_total", { kind: "weak" })).toBe(2);
    expect(sampleValue(counted, "toolsift_misses_total", { kind: "empty" })).toBe(1);
    expect(sampleValue(counted, "toolsift_misses_total", { kind: "found-late" })).toBe(0);
    const off = await createGatewayMetrics({ processMetrics: false });
    off.observe(miss("weak"));
    expect(await off.render()).not.toContain("toolsift_misses_total");
  });
});
