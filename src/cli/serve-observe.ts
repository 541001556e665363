import { DependencyError } from "../errors.js";
import {
  createGatewayMetrics,
  fanOut,
  listenMetrics,
  openAuditLog,
  type AuditLog,
  type GatewayConfig,
  type GatewayObserver,
  type MetricsListener,
  type MetricsSource,
} from "../gateway/index.js";
import type { CliIo } from "./cli-io.js";
import { UsageError, type CliCommand } from "./parse-cli.js";

/** What `serve` observes with: the audit log and the metrics of the config, and how to end them. */
export interface ServeObserve {
  /** For `Gateway.start` (and the HTTP listener's own events). */
  observe: GatewayObserver;
  /** Whether call events must carry argument values (`audit.includeArguments`). */
  observeArguments: boolean;
  /** For `/metrics` on the main listener, behind its credential; `undefined` when metrics are off. */
  metrics: MetricsSource | undefined;
  /** Stops the metrics port, then writes what the audit log still holds and closes it. */
  close(): Promise<void>;
}

/**
 * Opens the audit log and the metrics `serve` was configured with, and the `--metrics-port`
 * listener. Metrics are on when `toolsift.metrics` is true or `--metrics-port` is given (both
 * fail at start without prom-client), and by default over `--http` when prom-client is
 * installed (without it, one line says so and the gateway serves without metrics). Over stdio
 * without `--metrics-port` nothing could read them, so none are kept.
 *
 * @param redact - Applied to every string of an audit line (the `${…}` secrets of the config).
 * @throws `UsageError` for `--metrics-port` with `"metrics": false`; `DependencyError` when
 *   metrics were asked for and prom-client is missing; `OptionsError` when the audit file is
 *   unusable; the listen error when the metrics port is taken.
 */
export async function startObserve(
  config: GatewayConfig,
  command: Extract<CliCommand, { command: "serve" }>,
  io: CliIo,
  redact: (text: string) => string = (text) => text,
): Promise<ServeObserve> {
  const { audit: auditSettings, metrics: wanted } = config.settings;
  const port = command.metricsPort;
  if (wanted === false && port !== undefined)
    throw new UsageError(
      `toolsift serve: --metrics-port was given, but ${config.file} sets "metrics": false. Remove one of them.`,
    );
  if (wanted === true && command.http === undefined && port === undefined)
    io.err("toolsift.metrics is true, but over stdio metrics are served only on --metrics-port <port>.");
  const observers: GatewayObserver[] = [];
  let metrics: MetricsSource | undefined;
  if (wanted !== false && (command.http !== undefined || port !== undefined)) {
    try {
      const created = await createGatewayMetrics({
        servers: Object.keys(config.servers),
        misses: config.settings.misses !== false,
      });
      observers.push(created.observe);
      metrics = created;
    } catch (error) {
      if (!(error instanceof DependencyError) || wanted === true || port !== undefined) throw error;
      io.err(`serving without /metrics: ${error.message}`);
    }
  }
  let audit: AuditLog | undefined;
  if (auditSettings !== undefined) {
    audit = await openAuditLog({ ...auditSettings, redact, log: io.err });
    observers.push(audit.observe);
  }
  let listener: MetricsListener | undefined;
  try {
    if (metrics !== undefined && port !== undefined) {
      listener = await listenMetrics(metrics, { port, log: io.err });
      io.err(`serving metrics at ${listener.url} (loopback only, no credential)`);
    }
  } catch (error) {
    await audit?.close();
    throw error;
  }
  if (audit !== undefined)
    io.err(`audit log: ${auditSettings?.file === "stderr" ? "stderr" : JSON.stringify(auditSettings?.file)}`);
  return {
    observe: fanOut(observers, io.err),
    observeArguments: auditSettings?.includeArguments === true,
    metrics,
    async close() {
      await listener?.close();
      await audit?.close();
    },
  };
}
