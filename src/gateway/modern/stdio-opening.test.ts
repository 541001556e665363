import { PassThrough, type Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readStdioOpening, type StdioOpening } from "./stdio-opening.js";

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const discover = (id: number) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method: "server/discover", params: { _meta: MODERN_META } })}\n`;
const modernList = (id: number) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: MODERN_META } })}\n`;
const initialize = (id: number) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } })}\n`;
const initialized = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`;

/** Everything a stream carries until it ends. */
async function drain(stream: Readable): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += (chunk as Buffer).toString("utf8");
  return text;
}

/** Feeds `text` in pieces of `size` bytes, then ends stdin; the opening it reads. */
async function open(text: string, size = text.length): Promise<StdioOpening> {
  const stdin = new PassThrough();
  const opening = readStdioOpening(stdin);
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) stdin.write(bytes.subarray(at, at + size));
  stdin.end();
  return opening;
}

describe("readStdioOpening", () => {
  it("gives a client that opens with initialize a 2025-era stream of every byte", async () => {
    const opening = await open(initialize(1) + initialized + modernList(2));
    expect(opening.era).toBe("2025");
    expect(await drain(opening.stream)).toBe(initialize(1) + initialized + modernList(2));
  });

  it("pins the 2026-07-28 era on its first request other than server/discover", async () => {
    const opening = await open(discover(0) + modernList(1) + initialize(2));
    if (opening.era !== "2026-07-28") throw new Error(`read as ${opening.era}`);
    // A later initialize is the modern side's to refuse: the era is settled.
    expect(await drain(opening.stream)).toBe(discover(0) + modernList(1) + initialize(2));
    expect(await opening.fallback).toBeUndefined();
  });

  it("hands a client that gives up on server/discover to a 2025-era session, from its initialize on", async () => {
    // Byte by byte: where chunks split lines must not matter.
    for (const size of [1, 7, 1 << 20]) {
      const opening = await open(discover(0) + discover(1) + initialize(2) + initialized + modernList(3), size);
      if (opening.era !== "2026-07-28") throw new Error(`read as ${opening.era}`);
      const [modern, fallback] = await Promise.all([drain(opening.stream), opening.fallback]);
      expect(modern).toBe(discover(0) + discover(1));
      if (!fallback) throw new Error("no fallback");
      expect(await drain(fallback)).toBe(initialize(2) + initialized + modernList(3));
    }
  });

  it("falls back after the modern side was already handed lines, with stdin still open", async () => {
    const stdin = new PassThrough();
    const reading = readStdioOpening(stdin);
    stdin.write(discover(0));
    const opening = await reading;
    if (opening.era !== "2026-07-28") throw new Error(`read as ${opening.era}`);
    const modern = drain(opening.stream);
    stdin.write(initialize(1));
    const fallback = await opening.fallback;
    if (!fallback) throw new Error("no fallback");
    expect(await modern).toBe(discover(0));
    const rest = drain(fallback);
    stdin.write(initialized);
    stdin.end();
    expect(await rest).toBe(initialize(1) + initialized);
  });

  it("reads an unreadable first line as the 2025 era, and a later one as the modern side's to answer", async () => {
    const first = await open(`not json\n${initialize(1)}`);
    expect(first.era).toBe("2025");
    expect(await drain(first.stream)).toBe(`not json\n${initialize(1)}`);
    const later = await open(`${discover(0)}not json\n${modernList(1)}`);
    if (later.era !== "2026-07-28") throw new Error(`read as ${later.era}`);
    expect(await drain(later.stream)).toBe(`${discover(0)}not json\n${modernList(1)}`);
  });

  it("ends the modern side when stdin ends during the probe, with no fallback", async () => {
    const opening = await open(`${discover(0)}{"jsonrpc":"2.0","id":1,"meth`);
    if (opening.era !== "2026-07-28") throw new Error(`read as ${opening.era}`);
    expect(await drain(opening.stream)).toBe(`${discover(0)}{"jsonrpc":"2.0","id":1,"meth`);
    expect(await opening.fallback).toBeUndefined();
  });

  it("reads no further while the modern side is not read: a probing client cannot fill memory", async () => {
    const stdin = new PassThrough();
    const opening = readStdioOpening(stdin);
    const notification = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { _meta: MODERN_META, data: "x".repeat(1000) } })}\n`;
    const sent = discover(0) + notification.repeat(10_000);
    // In a pipe's 64 kB pieces, written without waiting on stdin's backpressure.
    const bytes = Buffer.from(sent);
    for (let at = 0; at < bytes.length; at += 64 * 1024) stdin.write(bytes.subarray(at, at + 64 * 1024));
    const read = await opening;
    if (read.era !== "2026-07-28") throw new Error(`read as ${read.era}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // About 10 MB sent; the modern side holds a buffer's worth, stdin the rest, unread.
    const held = read.stream as PassThrough;
    expect(held.readableLength + held.writableLength).toBeLessThan(1024 * 1024);
    expect(stdin.readableLength + stdin.writableLength).toBeGreaterThan(8 * 1024 * 1024);
    stdin.end();
    expect(await drain(read.stream)).toBe(sent);
  });

  it("ends the modern side with every byte read when stdin closes while it waits for the side to drain", async () => {
    const stdin = new PassThrough();
    const opening = readStdioOpening(stdin);
    const notification = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { _meta: MODERN_META, data: "y".repeat(1000) } })}\n`;
    const sent = discover(0) + notification.repeat(100);
    stdin.write(sent);
    await new Promise((resolve) => setImmediate(resolve));
    // A pipe whose far end went away: "close" without "end".
    stdin.destroy();
    const read = await opening;
    if (read.era !== "2026-07-28") throw new Error(`read as ${read.era}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await drain(read.stream)).toBe(sent);
    expect(await read.fallback).toBeUndefined();
  });

  it("stops reading a line past 4 MB: a first one is the 2025 era's, a later one pins the modern era", async () => {
    const huge = "x".repeat(4 * 1024 * 1024 + 10);
    const first = await open(huge, 64 * 1024);
    expect(first.era).toBe("2025");
    expect((await drain(first.stream)).length).toBe(huge.length);
    const later = await open(discover(0) + huge, 64 * 1024);
    if (later.era !== "2026-07-28") throw new Error(`read as ${later.era}`);
    expect((await drain(later.stream)).length).toBe(discover(0).length + huge.length);
    expect(await later.fallback).toBeUndefined();
  });
});
