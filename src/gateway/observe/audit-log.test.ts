import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../test/support/gateway-process.js";
import { LOCAL_CALLER, type Caller } from "../auth/caller.js";
import { auditWriter, openAuditLog } from "./audit-log.js";
import type { AuditSink } from "./audit-sink.js";
import type { GatewayEvent } from "./gateway-event.js";

const ALICE: Caller = { id: "alice", via: "token", groups: ["ops"], scopes: [], tenant: "acme" };

type CallEvent = Extract<GatewayEvent, { type: "call" }>;

function callEvent(overrides: Partial<CallEvent> = {}): CallEvent {
  return {
    type: "call",
    caller: ALICE,
    session: "s-1",
    tool: "dyn__echo",
    server: "dyn",
    argumentsSha256: "ab".repeat(32),
    argumentsBytes: 20,
    approval: "not-needed",
    outcome: "ok",
    ms: 12.345,
    ...overrides,
  };
}

function linesOf(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("openAuditLog", () => {
  it("writes one JSON line per event to a file created 0600, with the caller, and never the argument values", async () => {
    const file = join(scratchDir(), "audit.jsonl");
    const audit = await openAuditLog({ file, log: () => undefined });
    audit.observe({ ...callEvent(), arguments: { password: "hunter2-secret" } });
    audit.observe({ type: "search", caller: ALICE, session: "s-1", matches: 0, weak: false, ms: 3 });
    audit.observe({ type: "auth-failed", reason: "unknown token", remoteAddress: "127.0.0.1" });
    audit.observe({ type: "denied", caller: ALICE, session: "s-1", tool: "dyn__wipe_data", reason: "policy" });
    await audit.close();

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).not.toContain("hunter2-secret");
    const [call, search, authFailed, denied] = linesOf(file);
    expect(call).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      event: "call",
      caller: { id: "alice", via: "token", groups: ["ops"], tenant: "acme" },
      session: "s-1",
      tool: "dyn__echo",
      server: "dyn",
      argumentsSha256: "ab".repeat(32),
      argumentsBytes: 20,
      approval: "not-needed",
      outcome: "ok",
      ms: 12.3,
    });
    expect(search).toMatchObject({ event: "search", matches: 0, weak: false });
    expect(authFailed).toMatchObject({ event: "auth-failed", reason: "unknown token", remoteAddress: "127.0.0.1" });
    expect(denied).toMatchObject({ event: "denied", tool: "dyn__wipe_data", reason: "policy" });
  });

  it("writes argument values only with includeArguments, redacted and bounded", async () => {
    const file = join(scratchDir(), "audit.jsonl");
    const redact = (text: string) => text.replaceAll("s3cr3t-value", "[redacted]");
    const audit = await openAuditLog({ file, includeArguments: true, redact, log: () => undefined });
    audit.observe({ ...callEvent(), arguments: { path: "/tmp/x", token: "s3cr3t-value", big: "y".repeat(5_000) } });
    audit.observe({ ...callEvent(), arguments: { huge: Array.from({ length: 100 }, () => "z".repeat(500)) } });
    await audit.close();
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("s3cr3t-value");
    const [small, huge] = linesOf(file);
    expect(small!.arguments).toMatchObject({ path: "/tmp/x", token: "[redacted]" });
    expect((small!.arguments as { big: string }).big).toMatch(/^y{512}… \(4488 more characters\)$/);
    expect(huge).not.toHaveProperty("arguments");
    expect(huge!.argumentsOmitted).toMatch(/over 16384 characters/);
  });

  it("bounds strings that come from upstream servers and clients, and escapes them as JSON", async () => {
    const file = join(scratchDir(), "audit.jsonl");
    const audit = await openAuditLog({ file, log: () => undefined });
    const hostile = `evil\n{"event":"forged"}\u202e${"x".repeat(10_000)}`;
    audit.observe(callEvent({ tool: hostile, server: undefined, outcome: "refused" }));
    await audit.close();
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    // A terminal showing the log must not be turned around by a bidi override.
    expect(lines[0]).not.toContain("\u202e");
    expect(lines[0]).toContain("\\u202e");
    expect(lines[0]!.length).toBeLessThan(1_500);
    expect(linesOf(file)[0]!.tool).toMatch(/^evil\n\{"event":"forged"\}\u202ex+… \(\d+ more characters\)$/);
  });

  it("narrows an existing file to 0600 and appends to it", async () => {
    const file = join(scratchDir(), "audit.jsonl");
    writeFileSync(file, '{"event":"earlier"}\n');
    chmodSync(file, 0o644);
    const audit = await openAuditLog({ file, log: () => undefined });
    audit.observe(callEvent());
    await audit.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(linesOf(file).map((line) => line.event)).toEqual(["earlier", "call"]);
  });

  it("refuses a symlink and anything that is not a regular file, and leaves the target alone", async () => {
    const dir = scratchDir();
    const target = join(dir, "victim.txt");
    writeFileSync(target, "keep me\n");
    const link = join(dir, "audit.jsonl");
    symlinkSync(target, link);
    await expect(openAuditLog({ file: link })).rejects.toMatchObject({
      code: "audit_file_unusable",
      message: expect.stringMatching(/is a symbolic link/),
    });
    const dangling = join(dir, "dangling.jsonl");
    symlinkSync(join(dir, "created-through-link"), dangling);
    await expect(openAuditLog({ file: dangling })).rejects.toMatchObject({ code: "audit_file_unusable" });
    expect(existsSync(join(dir, "created-through-link"))).toBe(false);
    await expect(openAuditLog({ file: dir })).rejects.toThrow(/is not a regular file/);
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    await expect(openAuditLog({ file: fifo })).rejects.toThrow(/is not a regular file/);
    expect(readFileSync(target, "utf8")).toBe("keep me\n");
  });

  it("rotates by size, keeping `keep` files, each 0600", async () => {
    const dir = scratchDir();
    const file = join(dir, "audit.jsonl");
    const audit = await openAuditLog({ file, maxBytes: 1_000, keep: 2, log: () => undefined });
    for (let i = 0; i < 40; i++) {
      audit.observe(callEvent({ session: `session-${i}` }));
      await audit.flush();
    }
    await audit.close();
    expect(readdirSync(dir).sort()).toEqual(["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2"]);
    const sessions = [`${file}.2`, `${file}.1`, file].flatMap((path) => {
      expect(statSync(path).size).toBeLessThanOrEqual(1_000);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      return linesOf(path).map((line) => line.session);
    });
    // The newest lines, in order, with nothing lost between the files.
    const last = Number(String(sessions.at(-1)).split("-")[1]);
    expect(last).toBe(39);
    expect(sessions).toEqual(sessions.map((_, index) => `session-${last - sessions.length + 1 + index}`));
  });

  it("never writes through a symlink swapped in for the file: the rotation moves the link away", async () => {
    const dir = scratchDir();
    const file = join(dir, "audit.jsonl");
    const target = join(dir, "victim.txt");
    writeFileSync(target, "keep me\n");
    const audit = await openAuditLog({ file, maxBytes: 300, keep: 1, log: () => undefined });
    audit.observe(callEvent({ session: "first" }));
    await audit.flush();
    // Someone who can write the folder moves the log away and puts a link in its place.
    renameSync(file, join(dir, "moved.jsonl"));
    symlinkSync(target, file);
    audit.observe(callEvent({ session: "second" }));
    await audit.close();
    expect(readFileSync(target, "utf8")).toBe("keep me\n");
    expect(lstatSync(`${file}.1`).isSymbolicLink()).toBe(true);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(linesOf(file).map((line) => line.session)).toEqual(["second"]);
  });
});

describe("auditWriter", () => {
  it("holds a bounded queue while the sink is slow, drops the rest with a counted warning and marks the gap", async () => {
    const written: string[] = [];
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let writes = 0;
    const sink: AuditSink = {
      async write(text) {
        // The first write hangs, like a disk that stopped answering.
        if (writes++ === 0) await stalled;
        written.push(text);
      },
      async close() {},
    };
    const warnings: string[] = [];
    const audit = auditWriter(sink, { maxQueuedChars: 8_192, log: (line) => warnings.push(line) });
    const events = 5_000;
    for (let i = 0; i < events; i++) audit.observe(callEvent({ session: `s-${i}` }));
    // The first line went to the hung write; about 8 KiB of lines wait; the rest were dropped.
    expect(audit.dropped).toBeGreaterThan(events - 50);
    expect(warnings).toEqual(["audit log: the writer is behind; dropping lines until it catches up."]);
    release();
    await audit.close();
    const lines = written
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { event: string; count?: number });
    const calls = lines.filter((line) => line.event === "call");
    const marker = lines.filter((line) => line.event === "audit-dropped");
    expect(marker).toEqual([expect.objectContaining({ count: audit.dropped })]);
    expect(calls.length + audit.dropped).toBe(events);
    expect(calls.length).toBeLessThan(50);
    expect(warnings.at(-1)).toBe(
      `audit log: dropped ${audit.dropped} line(s): events came faster than the audit log could be written.`,
    );
  });

  it("keeps writing after a failed write, and counts what the failure lost", async () => {
    let fail = true;
    const written: string[] = [];
    const sink: AuditSink = {
      async write(text) {
        if (fail) throw new Error("disk full");
        written.push(text);
      },
      async close() {},
    };
    const warnings: string[] = [];
    const audit = auditWriter(sink, { log: (line) => warnings.push(line) });
    audit.observe(callEvent());
    await audit.flush();
    fail = false;
    audit.observe({ type: "approval-asked", caller: LOCAL_CALLER, session: "s", tool: "dyn__wipe_data" });
    await audit.close();
    expect(audit.dropped).toBe(1);
    expect(warnings).toEqual(["audit log: could not write 1 line(s): disk full"]);
    expect(JSON.parse(written.join(""))).toMatchObject({
      event: "approval-asked",
      caller: { id: "local", via: "none" },
    });
  });
});
