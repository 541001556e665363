import { spawn, type ChildProcessByStdio } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

/** How to start a stdio MCP server and read what it writes. */
export interface ProcessGroupTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string | undefined;
  /** Checks one line of stdout as a JSON-RPC message; throws if it is not one. */
  parse: (line: string) => JSONRPCMessage;
  onStderr: (chunk: Buffer) => void;
  /** A line of stdout that is not JSON-RPC (a log line, a wrapper's banner), or an oversized one; it is dropped. */
  onGarbage: (line: string) => void;
  /** Longest line read from stdout, in bytes; longer ones are dropped. */
  maxLineBytes?: number;
  /** How long close() waits for each step (end of stdin, then SIGTERM) before the next. */
  graceMs?: number;
}

/** Far beyond any real message (the SDK's own reader stops at 10 MB), and a bound on memory. */
const DEFAULT_MAX_LINE_BYTES = 32 * 1024 * 1024;
const DEFAULT_GRACE_MS = 2_000;
/**
 * How long close() waits for a SIGKILLed group to be gone. SIGKILL cannot be caught or ignored;
 * only a process stuck in the kernel (a hung NFS read) outlasts this, and close() does not wait
 * on it forever.
 */
const KILL_WAIT_MS = 2_000;
const POLL_MS = 25;

/** Process groups still running, ended on the way out if the host was never closed. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * A stdio transport for the MCP SDK's Client that starts the server in a process group of its
 * own and ends the whole group on close, so a server started through a wrapper (`npx`, `sh -c`,
 * `uv run`) leaves no grandchild behind. The SDK's StdioClientTransport signals only its direct
 * child, and a wrapper that dies of that signal orphans the real server.
 *
 * close() follows the MCP spec's stdio shutdown: end stdin and let the server leave, then
 * SIGTERM, then SIGKILL; each step goes to the whole group, after a grace period. It resolves
 * once the server's process has been reaped and no process of its group runs any more (or
 * after a bounded wait for a SIGKILL that the kernel has not carried out). A group that outlives
 * its transport without close() (the process exits) gets a SIGTERM on the way out.
 *
 * POSIX only: process groups are what `kill(-pgid)` reaches. The lines it reads are bounded, and
 * a line that is not JSON-RPC is reported and dropped instead of ending the session.
 */
export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcessByStdio<Writable, Readable, Readable> | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private closing: Promise<void> | undefined;
  private ended = false;

  constructor(private readonly options: ProcessGroupTransportOptions) {}

  /** The server's process id, which is also its process group's id; undefined before start. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Always null: stderr goes to `onStderr`. It is here because SDK v2's Client tells a stdio
   * transport by its `stderr` and `pid`, and version negotiation differs: a stdio server that
   * does not answer the `server/discover` probe in time is a 2025 server, an HTTP one is down.
   */
  get stderr(): null {
    return null;
  }

  /** How the server's process ended ("exited with code 3", "was killed by SIGKILL"), once it has. */
  get exitDescription(): string | undefined {
    const child = this.child;
    if (child?.exitCode !== null && child?.exitCode !== undefined) return `exited with code ${child.exitCode}`;
    if (child?.signalCode) return `was killed by ${child.signalCode}`;
    return undefined;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ProcessGroupTransport already started");
    const { command, args, env, cwd } = this.options;
    return new Promise((resolve, reject) => {
      // detached: the child leads a new process group (setsid), which close() signals as a whole.
      const child = spawn(command, [...args], {
        env,
        cwd,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
        shell: false,
      });
      this.child = child;
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) liveGroups.add(child.pid);
        installExitHook();
        resolve();
      });
      // Every stdio stream closed and the process gone: the session is over.
      child.once("close", () => void this.finish());
      child.stdin.on("error", (error) => this.onerror?.(error));
      child.stdout.on("error", (error) => this.onerror?.(error));
      child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr.on("data", (chunk: Buffer) => this.options.onStderr(chunk));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.ended || !stdin.writable) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once("drain", resolve);
    });
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const group = child.pid;
    const grace = this.options.graceMs ?? DEFAULT_GRACE_MS;
    try {
      child.stdin.end();
    } catch {
      // Already closed: the next steps still apply.
    }
    const reaped = () => child.exitCode !== null || child.signalCode !== null;
    await waitUntil(reaped, grace);
    // The direct child may be gone while what it started is not: signal the group in any case.
    if (signalGroup(group, "SIGTERM")) await waitUntil(() => !groupRunning(group), grace);
    if (groupRunning(group)) {
      signalGroup(group, "SIGKILL");
      // A signal sent is not a process ended: wait for it, so that what close() promises holds
      // when it resolves (a `sh -c` wrapper that ignores SIGTERM was otherwise still there).
      await waitUntil(() => !groupRunning(group), KILL_WAIT_MS);
    }
    // Node reaps its child on the next turns of the event loop; the direct child's exit is what
    // marks the process as gone rather than a zombie.
    await waitUntil(reaped, KILL_WAIT_MS);
    liveGroups.delete(group);
    await this.finish();
  }

  private async finish(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const group = this.child?.pid;
    // Whatever the server left running in its group goes with it, unless close() is already on it.
    if (group !== undefined && !this.closing) {
      signalGroup(group, "SIGTERM");
      liveGroups.delete(group);
    }
    this.pending = [];
    this.onclose?.();
  }

  /** Splits stdout into lines without ever holding more than maxLineBytes of one line. */
  private read(chunk: Buffer): void {
    const max = this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, newline);
      if (this.discarding) {
        this.discarding = false;
      } else if (this.pendingBytes + tail.length <= max) {
        const line = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail]);
        this.line(line.toString("utf8"));
      } else {
        this.options.onGarbage(`(a line of more than ${max} bytes)`);
      }
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
    }
    if (start >= chunk.length || this.discarding) return;
    const rest = chunk.subarray(start);
    if (this.pendingBytes + rest.length > max) {
      this.options.onGarbage(`(a line of more than ${max} bytes)`);
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = true;
      return;
    }
    this.pending.push(rest);
    this.pendingBytes += rest.length;
  }

  private line(text: string): void {
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = this.options.parse(line);
    } catch {
      this.options.onGarbage(line);
      return;
    }
    this.onmessage?.(message);
  }
}

/** Sends `signal` to every process of the group; false if the group no longer exists. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether any process of the group still runs. A zombie does not count: it has ended and only
 * waits to be reaped, which for a grandchild whose wrapper died is up to PID 1, and in a
 * container whose PID 1 does not reap (no `--init`), never happens. Only Linux says which
 * members are zombies (in /proc); elsewhere any member the kernel still lists counts.
 */
function groupRunning(group: number): boolean {
  if (!signalGroup(group, 0)) return false;
  if (process.platform !== "linux") return true;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat?.group === group && stat.state !== "Z" && stat.state !== "X") return true;
  }
  return false;
}

/** A process's state letter and process group from /proc/<pid>/stat; undefined once it is gone. */
function processStat(pid: string): { state: string; group: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Field 2, the command name, is in parentheses and may hold spaces or parentheses itself;
  // after the last ")" come state, ppid and pgrp.
  const [state, , group] = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return state === undefined || group === undefined ? undefined : { state, group: Number(group) };
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A detached group does not get the terminal's Ctrl-C, and the SDK's transport would not have
  // outlived us either: on exit, end what was never closed. Synchronous, as 'exit' requires.
  process.on("exit", () => {
    for (const group of liveGroups) signalGroup(group, "SIGTERM");
  });
}
