import { MISS_KINDS } from "../../public/learning.js";
import type { CallApproval, GatewayEvent, GatewayObserver } from "./gateway-event.js";
import { loadPromClient } from "./load-prom-client.js";
import type { MetricsSource } from "./metrics-source.js";

/** Options of {@link createGatewayMetrics}. */
export interface GatewayMetricsOptions {
  /**
   * How many distinct tools get a label value of their own in `toolsift_tool_calls_total`.
   * Tool names come from upstream servers, which can list thousands (or be hostile): past the
   * cap, the rest are counted as `tool="other"`, so one server cannot grow the metrics without bound.
   * @defaultValue 500
   */
  maxToolLabels?: number;
  /** The configured servers, counted as `connecting` until their first event. @example ["github", "docs"] */
  servers?: readonly string[];
  /** Also export prom-client's process and Node.js metrics (memory, CPU, event loop lag). @defaultValue true */
  processMetrics?: boolean;
  /** Count misses by kind (`toolsift_misses_total`): when `toolsift.misses` is on. @defaultValue false */
  misses?: boolean;
}

/** The gateway's Prometheus metrics: an observer for {@link Gateway.start} and a source for `/metrics`. */
export interface GatewayMetrics extends MetricsSource {
  readonly observe: GatewayObserver;
}

export const DEFAULT_MAX_TOOL_LABELS = 500;
/** Reasons (of denials and failed authentications) are short codes, but come from code that may change: capped too. */
const MAX_REASON_LABELS = 64;
const MAX_LABEL_CHARS = 128;
const APPROVAL_LABEL: Record<Exclude<CallApproval, "not-needed">, string> = {
  "pre-approved": "pre_approved",
  confirmed: "accepted",
  declined: "declined",
  unavailable: "unavailable",
};

/**
 * Counts what the gateway serves in a registry of its own (not prom-client's global one, so an
 * embedding process's metrics are untouched): searches, calls by tool and outcome, approvals,
 * denials, failed authentications, upstream servers by state, changed tool definitions, and latency histograms.
 *
 * @throws `DependencyError` naming `prom-client` when it is not installed.
 * @example
 * ```ts
 * const metrics = await createGatewayMetrics({ servers: Object.keys(config.servers) });
 * const gateway = await Gateway.start({ config, observe: metrics.observe });
 * const text = await metrics.render(); // Prometheus text format, served with metrics.contentType
 * ```
 */
export async function createGatewayMetrics(options: GatewayMetricsOptions = {}): Promise<GatewayMetrics> {
  const prom = await loadPromClient();
  const registry = new prom.Registry();
  const registers = [registry];
  if (options.processMetrics ?? true) prom.collectDefaultMetrics({ register: registry });
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new prom.Counter({ name, help, labelNames, registers });
  const searches = counter("toolsift_searches_total", "Searches (search_tools calls) answered.");
  const emptySearches = counter("toolsift_searches_empty_total", "Searches that found no tool.");
  const weakSearches = counter("toolsift_searches_weak_total", "Searches whose best match was weak.");
  const calls = counter("toolsift_tool_calls_total", "Tool calls, by tool and outcome (ok, error, refused).", [
    "tool",
    "outcome",
  ]);
  const asked = counter("toolsift_approvals_asked_total", "Confirmations of destructive calls asked of users.");
  const approvals = counter(
    "toolsift_approvals_total",
    "Destructive calls, by how they were approved: accepted, declined, pre_approved, unavailable (the client cannot ask).",
    ["result"],
  );
  const denials = counter("toolsift_denials_total", "Requests a policy denied, by reason.", ["reason"]);
  const authFailures = counter("toolsift_auth_failures_total", "Failed authentications, by reason.", ["reason"]);
  const toolChanges = counter(
    "toolsift_tool_changes_total",
    "Pinned upstream tools whose definition changed (once per new definition), by server, tool and policy.",
    ["server", "tool", "policy"],
  );
  const upstream = new prom.Gauge({
    name: "toolsift_upstream_servers",
    help: "Upstream MCP servers, by state (connecting, connected, down).",
    labelNames: ["state"],
    registers,
  });
  const searchSeconds = new prom.Histogram({
    name: "toolsift_search_duration_seconds",
    help: "How long searches took.",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const callSeconds = new prom.Histogram({
    name: "toolsift_tool_call_duration_seconds",
    // No labels: per tool and bucket, the series would multiply; the calls counter has the breakdown.
    help: "How long tool calls took (a confirmation's wait included).",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers,
  });

  // Made only when misses are recorded: no series (and no cost) otherwise.
  const misses = options.misses
    ? counter("toolsift_misses_total", "Searches that failed in use, by kind (see docs/misses.md).", ["kind"])
    : undefined;
  for (const kind of options.misses ? MISS_KINDS : []) misses?.inc({ kind }, 0);

  const toolLabel = cappedLabels(options.maxToolLabels ?? DEFAULT_MAX_TOOL_LABELS);
  const reasonLabel = cappedLabels(MAX_REASON_LABELS);
  // Server names come from the config, but are capped all the same: a label set is only as bounded as its values.
  const serverLabel = cappedLabels(MAX_REASON_LABELS);
  const states = new Map<string, string>((options.servers ?? []).map((server) => [server, "connecting"]));
  const countStates = () => {
    for (const state of ["connecting", "connected", "down"])
      upstream.set({ state }, [...states.values()].filter((value) => value === state).length);
  };
  countStates();

  const observe = (event: GatewayEvent) => {
    switch (event.type) {
      case "search":
        searches.inc();
        if (event.matches === 0) emptySearches.inc();
        if (event.weak) weakSearches.inc();
        searchSeconds.observe(event.ms / 1000);
        return;
      case "call":
        // A name no server lists is the client's choice, not the catalogue's: it gets no label of its own.
        calls.inc({ tool: event.server === undefined ? "unknown" : toolLabel(event.tool), outcome: event.outcome });
        callSeconds.observe(event.ms / 1000);
        if (event.approval !== "not-needed") approvals.inc({ result: APPROVAL_LABEL[event.approval] });
        return;
      case "approval-asked":
        asked.inc();
        return;
      case "denied":
        denials.inc({ reason: reasonLabel(event.reason) });
        return;
      case "auth-failed":
        authFailures.inc({ reason: reasonLabel(event.reason) });
        return;
      case "upstream":
        states.set(event.server, event.state);
        countStates();
        return;
      case "miss":
        misses?.inc({ kind: event.kind });
        return;
      case "tool-changed":
        toolChanges.inc({ server: serverLabel(event.server), tool: toolLabel(event.tool), policy: event.policy });
        return;
    }
  };
  return { observe, contentType: registry.contentType, render: () => registry.metrics() };
}

/** Label values as given until `max` distinct ones were seen, then `"other"` for any new one. */
function cappedLabels(max: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    const label = value.length > MAX_LABEL_CHARS ? value.slice(0, MAX_LABEL_CHARS) : value;
    if (seen.has(label)) return label;
    if (seen.size >= max) return "other";
    seen.add(label);
    return label;
  };
}
