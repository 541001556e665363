import { defineServer, tool } from "./define-server.js";
import { bool, dateTime, int, list, num, obj, oneOf, str } from "./schema.js";

const from = str("Start of the window: epoch seconds or relative like `now-1h`.");
const to = str("End of the window.", { default: "now" });

const tools = [
  tool(
    "query_metrics",
    "Query Datadog timeseries metrics with a metrics query such as `avg:system.cpu.user{service:api} by {host}` over a time window. Returns one series per group with points as [timestamp, value].",
    {
      query: str("Metrics query."),
      from,
      "to?": to,
    },
  ),
  tool(
    "search_logs",
    "Search Datadog logs with the log search syntax, e.g. `service:api status:error @http.status_code:500`, newest first. Each log has its timestamp, host, service, status and message.",
    {
      query: str("Log search query."),
      from,
      "to?": to,
      "limit?": int("Max logs, up to 1000.", { maximum: 1000 }),
      "indexes?": list(str("Index name."), "Log indexes to search."),
    },
  ),
  tool(
    "list_monitors",
    "List Datadog monitors with their state (OK, Warn, Alert, No Data), filterable by name, tags and status. Muted monitors are included and marked as such.",
    {
      "name?": str("Substring of the monitor name."),
      "tags?": list(str("Tag."), "Monitor tags."),
      "group_states?": list(oneOf(["alert", "warn", "no data", "ok"], "State."), "States to include."),
    },
  ),
  tool(
    "create_monitor",
    "Create a Datadog monitor that alerts when a metric, log or APM query crosses a threshold, with notification message and tags. Returns the monitor ID.",
    {
      name: str("Monitor name."),
      type: oneOf(["metric alert", "query alert", "log alert", "service check", "apm"], "Monitor type."),
      query: str("Monitor query, e.g. `avg(last_5m):avg:system.cpu.user{env:prod} > 90`."),
      message: str("Notification text; @-handles route it (e.g. `@slack-ops`)."),
      "thresholds?": obj(
        { critical: num("Critical threshold."), "warning?": num("Warning threshold.") },
        "Thresholds.",
      ),
      "tags?": list(str("Tag."), "Tags."),
    },
  ),
  tool(
    "mute_monitor",
    "Mute a Datadog monitor, optionally for one scope and until a time. Without an end time the mute lasts until removed.",
    {
      monitor_id: int("Monitor ID."),
      "scope?": str("e.g. `host:web-01`."),
      "end?": int("Epoch seconds when the mute ends."),
    },
  ),
  tool(
    "schedule_downtime",
    "Schedule a Datadog downtime to silence monitors matching a scope during planned work. Monitors still evaluate but do not notify.",
    {
      scope: str("Scope like `env:prod,service:search`."),
      start: dateTime("Start."),
      end: dateTime("End."),
      "message?": str("Why."),
    },
  ),
  tool(
    "get_dashboard",
    "Get a Datadog dashboard's widgets and queries by ID. Widget queries use the same syntax as query_metrics.",
    { dashboard_id: str("Dashboard ID, e.g. `abc-def-ghi`.") },
  ),
  tool(
    "post_event",
    "Post an event to the Datadog event stream, such as a deploy marker or config change, with tags. Events appear as overlays on dashboards.",
    {
      title: str("Event title."),
      text: str("Event body; Markdown allowed."),
      "alert_type?": oneOf(["info", "warning", "error", "success"], "Severity."),
      "tags?": list(str("Tag."), "Tags like `service:api`."),
    },
  ),
  tool(
    "list_slos",
    "List Datadog service level objectives with target, time window and current status and error budget. Status is the percentage of good events in the window.",
    {
      "query?": str("Filter by name."),
      "tags?": str("Comma-separated tags."),
    },
  ),
  tool(
    "search_spans",
    "Search APM spans (traces) in Datadog by service, resource, status and duration. Each span links to its full trace.",
    {
      query: str("Span query, e.g. `service:checkout @duration:>2s status:error`."),
      from,
      "to?": to,
      "limit?": int("Max spans."),
    },
  ),
  tool(
    "list_hosts",
    "List hosts reporting to Datadog with their agent version, tags, muted state and last report time. Hosts that stopped reporting drop off after two hours.",
    {
      "filter?": str("Filter by host name, alias or tag."),
      "include_muted?": bool("Include muted hosts."),
    },
  ),
];

export const datadog = defineServer("datadog", tools, {
  direct: {
    query_metrics: ["query datadog metrics for avg cpu of the api service over the last hour"],
    search_logs: ["search datadog logs for service:api status:error in the last 15 minutes"],
    list_monitors: ["list datadog monitors in alert state"],
    create_monitor: ["create a datadog monitor that alerts when p99 latency of checkout exceeds 2s"],
    schedule_downtime: ["schedule a datadog downtime for env:prod service:search saturday night"],
    post_event: ["post a deploy event to datadog for api v4.2"],
    list_slos: ["list the datadog SLOs for checkout and their error budget"],
  },
  paraphrase: {
    query_metrics: ["graph processor load on the backend for the past hour in dd"],
    search_logs: [
      "show me the 500s the backend threw in the last 15 min in dd",
      "checkout has been throwing 502s since the noon deploy, pull up what the backend printed in dd during the past hour",
    ],
    list_monitors: ["which dd checks are red right now"],
    mute_monitor: ["silence that noisy dd disk alert on web-01 until tomorrow"],
    get_dashboard: ["what panels are on the checkout overview board in dd"],
    search_spans: ["find checkout requests slower than 2 seconds in dd"],
    list_hosts: ["which machines went silent in dd"],
  },
});
