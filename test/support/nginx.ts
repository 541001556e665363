/**
 * nginx for tests: Debian's binary run by the test itself, in the foreground, as an unprivileged
 * user, with its own prefix, pid file and temp folders in a scratch folder, on an ephemeral
 * loopback port, serving the documented server block (test/support/nginx-config.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { join } from "node:path";
import { freePort } from "./haproxy.js";
import { waitFor } from "./mcp-servers.js";
import { documentedNginxConfig, type NginxSite } from "./nginx-config.js";

/** The nginx binary (Debian's is in /usr/sbin, often not in a user's PATH), or `undefined`. */
export const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "nginx"].find(
  (path) => spawnSync(path, ["-v"], { stdio: "ignore" }).status === 0,
);

/** Who nginx runs as when the tests run as root (CI does): nobody, so it is no more than a user's process. */
const NOBODY = 65_534;

export interface Nginx {
  /** The port it listens on (TLS). */
  port: number;
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

export interface NginxStart {
  /** A scratch folder of the test's own: config, pid, temp folders, logs. */
  dir: string;
  /** The site, but for `listen`, which is picked here. */
  site: Omit<NginxSite, "listen">;
  /** The CA (PEM) that signed the site's certificate. */
  ca: string;
}

/**
 * Starts nginx on a free port with the documented server block, wrapped in the test's own main
 * config. The port is picked free, then released for nginx to bind: another process may take it
 * in between, so the start is checked by a request through nginx to the gateway's `/healthz`
 * over TLS (a certificate of the test's own CA: no other process has one), and tried again on a
 * new port.
 */
export async function startNginx(start: NginxStart): Promise<Nginx> {
  if (NGINX === undefined) throw new Error("nginx is not installed");
  if (process.getuid?.() === 0) chownSync(start.dir, NOBODY, NOBODY);
  const failures: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await startOnce(NGINX, start, await freePort());
    if (typeof started !== "string") return started;
    failures.push(started);
  }
  throw new Error(`nginx did not start:\n${failures.join("\n---\n")}`);
}

/** The test's own main config around the documented server block: pid and temp paths in `dir`. */
function mainConfig(dir: string, server: string[]): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `  ${kind}_temp_path ${join(dir, `${kind}-temp`)};`,
  );
  return [
    "worker_processes 1;",
    `pid ${join(dir, "nginx.pid")};`,
    "error_log stderr notice;",
    "events { worker_connections 256; }",
    "http {",
    "  access_log off;",
    ...temp,
    ...server.map((line) => (line === "" ? "" : `  ${line}`)),
    "}",
    "",
  ].join("\n");
}

async function startOnce(binary: string, start: NginxStart, port: number): Promise<Nginx | string> {
  const file = join(start.dir, "nginx.conf");
  writeFileSync(file, mainConfig(start.dir, documentedNginxConfig({ ...start.site, listen: `127.0.0.1:${port}` })));
  const root = process.getuid?.() === 0;
  const child = spawn(binary, ["-p", `${start.dir}/`, "-c", file, "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(root ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let log = "";
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    // SIGTERM is nginx's fast shutdown: open event streams do not hold it.
    child.kill("SIGTERM");
    await gone;
  };
  try {
    await waitFor(
      "nginx to answer over TLS",
      async () => {
        if (exited()) return true;
        const status = await healthStatus(start, port).catch(() => undefined);
        return status === 200 && !exited();
      },
      20_000,
    );
  } catch (error) {
    await stop();
    return `port ${port}: ${String(error)}\n${log}`;
  }
  if (exited()) return `port ${port}: nginx exited (${child.exitCode ?? child.signalCode})\n${log}`;
  return { port, child, log: () => log, stop };
}

/** The status of `/healthz` through nginx at `port`, addressed by the site's name and trusting only the test's CA. */
function healthStatus(start: NginxStart, port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = get(
      {
        host: "127.0.0.1",
        port,
        path: "/healthz",
        servername: start.site.serverName,
        headers: { host: start.site.serverName },
        ca: start.ca,
        agent: false,
        timeout: 1_000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}
