import { constants } from "node:os";
import { Gateway, listenHttp, readGatewayConfig, sessionStoreFor } from "../gateway/index.js";
import type { CliIo } from "./cli-io.js";
import type { CliCommand } from "./parse-cli.js";
import { startObserve } from "./serve-observe.js";
import { serveAuthenticator } from "./serve-auth.js";
import { isLoopbackHost } from "../gateway/index.js";
import { serveStdioEitherEra } from "../gateway/modern/modern-stdio.js";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * `toolsift serve`: checks the config, starts the gateway, serves stdio (one client, until it
 * hangs up) or Streamable HTTP (until a signal), then ends every upstream server. Clients are
 * served at once, while the upstream servers connect; if every one fails, it stops with the error.
 */
export async function serveCommand(command: Extract<CliCommand, { command: "serve" }>, io: CliIo): Promise<number> {
  const config = readGatewayConfig(command.config);
  io.redactWith?.(config.redactor);
  const auth = command.http === undefined ? false : await serveAuthenticator(command, config, io);
  keepStdoutForProtocol();
  const observed = await startObserve(config, command, io, (text) => config.redactor.redact(text));
  const { observe, observeArguments } = observed;
  let stop!: (why: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  if (command.http === undefined) {
    // The client hanging up (stdin ends) ends the gateway, and with it every upstream server.
    // Listened for before the start: stdin is read from then on.
    process.stdin.once("end", () => stop("the client closed stdin"));
    process.stdin.once("close", () => stop("the client closed stdin"));
  }
  const mode = command.stubs ? "stubs" : "search";
  const starting = Gateway.start({ config, mode, log: io.err, observe, observeArguments });
  // Over stdio the client's first message is read while the gateway starts, so that a
  // 2026-07-28 client's server/discover probe is answered before it gives up and falls back.
  // Settled with the error, if any, so a start that fails leaves no rejection unhandled.
  const stdioServed =
    command.http === undefined
      ? serveStdioEitherEra(starting, { log: io.err, beforeStart: { config, mode } }).then(
          () => undefined,
          (error: unknown) => ({ error }),
        )
      : undefined;
  const gateway = await starting.catch(async (error: unknown) => {
    await observed.close();
    throw error;
  });
  // Servers connect after the client is served; if none ever does, the gateway ends with exit code 1, naming each.
  let unreachable: Error | undefined;
  void gateway.unreachable.then((error) => {
    unreachable = error;
    stop("no upstream server could be reached");
  });
  const onSignal = (signal: NodeJS.Signals) => stop(`received ${signal}`);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    const listing = command.stubs ? "every tool as a stub" : "search_tools and the tools found";
    if (command.http !== undefined) {
      const listener = await listenHttp(gateway, {
        ...config.settings.http,
        port: command.http,
        host: command.host,
        log: io.err,
        auth,
        observe,
        metrics: observed.metrics,
        sessionStore: sessionStoreFor(config, io.err),
      });
      io.err(`serving MCP over Streamable HTTP at ${listener.url} (${listing})`);
      if (!isLoopbackHost(command.host)) {
        io.err(
          `warning: bound to ${command.host}, not a loopback address, over plain HTTP: tokens cross the network in clear. Put TLS in front (a reverse proxy).`,
        );
      }
      io.err(`stop: ${await stopped}`);
      await listener.close();
    } else {
      // Not awaited: the era is chosen by the client's first message, and a signal must stop the gateway before it comes.
      let failed: unknown;
      void stdioServed?.then((outcome) => {
        if (outcome === undefined) return;
        failed = outcome.error;
        stop("the client could not be served");
      });
      io.err(`serving MCP over stdio (${listing})`);
      io.err(`stop: ${await stopped}`);
      if (failed !== undefined) throw failed;
    }
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    await closeUnlessSignalled(io, async () => {
      await gateway.close();
      await observed.close();
    });
  }
  if (unreachable) throw unreachable;
  return 0;
}

/**
 * Runs `close` (the end of every upstream server: stdin's end, then up to 2 s of grace each) with
 * a signal leaving at once instead of killing the process. A stdio client that stops waiting
 * sends its SIGTERM about then: the MCP SDK's closes stdin, waits 2 s, and signals. Left to the
 * default action, the signal ended this process before its servers, and a server started
 * through `npx` lived on as an orphan. `process.exit` runs the exit hook that ends every upstream
 * process group still running (process-group-transport.ts).
 */
async function closeUnlessSignalled(io: CliIo, close: () => Promise<void>): Promise<void> {
  const leave = (signal: NodeJS.Signals) => {
    io.err(`stop: received ${signal} while closing; ending the upstream servers now`);
    process.exit(128 + (constants.signals[signal] ?? 0));
  };
  for (const signal of SIGNALS) process.on(signal, leave);
  try {
    await close();
  } finally {
    for (const signal of SIGNALS) process.off(signal, leave);
  }
}

/**
 * stdout carries the MCP protocol: a stray `console.log` (ours or a dependency's) would corrupt
 * it, so every console method that writes to stdout writes to stderr instead.
 */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.dir = (item: unknown) => console.error(item);
  console.table = (data: unknown) => console.error(data);
}
