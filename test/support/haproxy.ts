/** haproxy for tests and the bench: a real load balancer in front of `serve --http` replicas. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { scratchDir } from "./gateway-process.js";
import { waitFor } from "./mcp-servers.js";

/** The haproxy binary (Debian's is in /usr/sbin, often not in a user's PATH), or `undefined`. */
export const HAPROXY = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "haproxy"].find(
  (path) => spawnSync(path, ["-v"], { stdio: "ignore" }).status === 0,
);

/** A port free now on 127.0.0.1 (taken back at once: haproxy binds it next). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The port of a URL. */
export const portOf = (url: string) => Number(new URL(url).port);

/** A haproxy process the caller started; kill its child to stop it. */
export interface Haproxy {
  /** The MCP endpoint through it. */
  url: string;
  child: ChildProcess;
  log(): string;
}

/** A path haproxy answers itself (`monitor-uri`): a 200 there is this haproxy, not whatever else took the port. */
const OWN_PATH = "/haproxy-self";

/**
 * Starts haproxy in the foreground over `backends` with {@link documentedHaproxyConfig}: round
 * robin, no stickiness, event streams kept open. The port is picked free, then released for haproxy to bind: in a busy suite another
 * process may take it in between, so the start is checked through haproxy's own `monitor-uri`
 * (a connection alone could reach that other process) and tried again on a new port.
 */
export async function startHaproxy(backends: string[]): Promise<Haproxy> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await startOnce(backends, await freePort());
    if (typeof started !== "string") return started;
    failures.push(started);
  }
  throw new Error(`haproxy did not start:\n${failures.join("\n---\n")}`);
}

/**
 * The haproxy configuration the README documents for `serve --http` replicas, for `bind` and
 * `servers` (`host:port` each). Tests run this very text, plus a `monitor-uri` of their own.
 */
export function documentedHaproxyConfig(bind: string, servers: readonly string[]): string[] {
  return [
    "global",
    "  maxconn 512",
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 60s",
    "  timeout server 60s",
    // An event stream stays open with nothing to say for long.
    "  timeout tunnel 1h",
    "  timeout check 5s",
    // A replica that is gone (refused connection), or that answers 503 (it does not hold the
    // session and cannot reach the session store), is retried on another. Never a time-out or an
    // empty answer: the request may have run, and a tool call must not run twice.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure 503",
    "frontend mcp",
    `  bind ${bind}`,
    "  default_backend replicas",
    "backend replicas",
    "  balance roundrobin",
    // HTTP/1.0 without a Host header: the replicas answer their health routes without one.
    "  option httpchk GET /readyz",
    ...servers.map((server, i) => `  server r${i} ${server} check inter 1s fall 2 rise 1`),
  ];
}

async function startOnce(backends: string[], port: number): Promise<Haproxy | string> {
  const file = join(scratchDir(), "haproxy.cfg");
  const lines = documentedHaproxyConfig(
    `127.0.0.1:${port}`,
    backends.map((url) => `127.0.0.1:${portOf(url)}`),
  );
  // The test's own: a path haproxy answers itself, to know the port is this haproxy's.
  lines.splice(lines.indexOf("  default_backend replicas"), 0, `  monitor-uri ${OWN_PATH}`);
  writeFileSync(file, [...lines, ""].join("\n"));
  let log = "";
  if (HAPROXY === undefined) throw new Error("haproxy is not installed");
  const child = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    await waitFor("haproxy to listen", async () => {
      if (exited()) return true;
      const answer = await fetch(`http://127.0.0.1:${port}${OWN_PATH}`, { signal: AbortSignal.timeout(1_000) }).catch(
        () => undefined,
      );
      return answer?.status === 200 && !exited();
    });
  } catch (error) {
    child.kill("SIGKILL");
    return `port ${port}: ${String(error)}\n${log}`;
  }
  if (exited()) return `port ${port}: haproxy exited (${child.exitCode ?? child.signalCode})\n${log}`;
  return { url: `http://127.0.0.1:${port}/mcp`, child, log: () => log };
}

/** Stops haproxy (if given) and every replica, waiting for each replica's exit. */
export async function stopReplicas(replicas: readonly { child: ChildProcess }[], haproxy?: Haproxy): Promise<void> {
  haproxy?.child.kill("SIGTERM");
  await Promise.all(
    replicas.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }),
  );
}
