import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileMissStore, parseMissRecord, type MissRecord } from "../../learning/index.js";
import { missRecord } from "../../learning/misses/miss-store-contract.fixture.js";
import { UsageError, parseCli, sinceOf } from "../parse-cli.js";
import { runCli } from "../run-cli.js";

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function run(argv: string[]) {
  let out = "";
  const err: string[] = [];
  const code = await runCli(argv, { out: (text) => (out += text), err: (line) => err.push(line) });
  return { code, out, err: err.join("\n") };
}

async function storeWith(records: MissRecord[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "toolsift-misses-cli-"));
  folders.push(folder);
  await new FileMissStore({ cacheDir: folder }).add(records);
  return folder;
}

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);

describe("toolsift misses: the command line", () => {
  it("reads one store source and the filters", () => {
    expect(parseCli(["misses", "--store", "/tmp/x", "--scope", "acme", "--limit", "5", "--json"])).toEqual({
      command: "misses",
      source: { kind: "store", dir: "/tmp/x" },
      scope: "acme",
      since: undefined,
      limit: 5,
      json: true,
    });
    expect(parseCli(["misses", "--config", "mcp.json"])).toMatchObject({
      source: { kind: "config", file: "mcp.json" },
    });
  });

  it.each([
    [["misses"], "needs one of --config"],
    [["misses", "--store", "a", "--config", "b"], "not --config and --store"],
    [["misses", "--postgres", "mysql://x"], "--postgres takes a URL"],
    [["misses", "--store", "a", "--since", "last week"], "--since takes an ISO date"],
    [["misses", "--store", "a", "--limit", "0"], "--limit takes a whole number"],
  ])("refuses %j, saying what to give", (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  it("reads --since as a date or a span back from now", () => {
    const now = new Date("2026-12-08T12:00:00Z");
    expect(sinceOf("7d", now).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(sinceOf("12h", now).toISOString()).toBe("2026-12-08T00:00:00.000Z");
    expect(sinceOf("2026-12-01", now).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});

describe("toolsift misses", () => {
  it("--json prints { version: 1, misses } newest first, filtered by scope and since", async () => {
    const old = missRecord("acme", 1, { kind: "empty", results: [] });
    const recent = missRecord("acme", 100, { answer: "slack__post_message", server: "slack" });
    const other = missRecord("globex", 50);
    const store = await storeWith([old, recent, other]);
    const all = await run(["misses", "--store", store, "--json"]);
    expect(all.code, all.err).toBe(0);
    const json = JSON.parse(all.out) as { version: number; misses: unknown[] };
    expect(Object.keys(json)).toEqual(["version", "misses", "report"]);
    expect(json.version).toBe(1);
    expect(json.misses).toEqual([recent, other, old]);
    expect(json.misses.every((miss) => parseMissRecord(miss) !== undefined)).toBe(true);
    const filtered = await run(["misses", "--store", store, "--json", "--scope", "acme", "--since", other.at]);
    expect((JSON.parse(filtered.out) as { misses: unknown[] }).misses).toEqual([recent]);
  });

  it("prints the report as a table: alike requests grouped, text only when recorded, escaped", async () => {
    const store = await storeWith([
      missRecord("s", 1, { kind: "weak", request: { hash: HASH_A, length: 14 }, answer: "slack__post_message" }),
      missRecord("s", 2, { kind: "weak", request: { hash: HASH_A, length: 14 }, answer: "slack__post_message" }),
      missRecord("s", 3, { kind: "empty", results: [], request: { hash: HASH_B, length: 9, text: "ping\u001b[2J" } }),
    ]);
    const { code, out } = await run(["misses", "--store", store]);
    expect(code).toBe(0);
    expect(out).toMatch(/3 misses from \S+ to \S+ \(empty 1, weak 2\)/);
    const rows = out.split("\n");
    expect(rows.some((row) => /^\s*2\s.*#aaaaaaaaaaaa… \(14 chars\)\s+weak 2\s+slack__post_message 2/.test(row))).toBe(
      true,
    );
    expect(rows.some((row) => /^\s*1\s.*"ping\\u001b\[2J"\s+empty 1/.test(row))).toBe(true);
    expect(out).not.toContain("\u001b");
  });

  it("writes the report as an HTML page with --html, the request escaped", async () => {
    const store = await storeWith([
      missRecord("s", 1, {
        kind: "empty",
        results: [],
        request: { hash: HASH_B, length: 9, text: "<script>x</script>" },
      }),
    ]);
    const page = join(store, "misses.html");
    const { code, out, err } = await run(["misses", "--store", store, "--html", page]);
    expect(code).toBe(0);
    expect(out).toBe("");
    expect(err).toContain(`wrote the report page to ${page}`);
    const html = await readFile(page, "utf8");
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect((await run(["misses", "--store", store, "--html", " "])).code).toBe(2);
  });

  it("says so when there is nothing, and refuses a config that records no misses", async () => {
    const empty = await storeWith([]);
    expect((await run(["misses", "--store", empty])).out).toBe("No misses recorded.\n");
    // A folder that is not there is a mistyped path, not a clean record.
    const typo = await run(["misses", "--store", join(empty, "no-such-folder")]);
    expect(typo.code).toBe(2);
    expect(typo.out).toBe("");
    expect(typo.err).toContain(`--store ${join(empty, "no-such-folder")} is not a folder`);
    const file = join(empty, "a-file");
    await writeFile(file, "");
    expect((await run(["misses", "--store", file])).err).toContain("is not a folder");
    const config = join(empty, "mcp.json");
    await writeFile(config, JSON.stringify({ mcpServers: { dyn: { command: "node", args: ["server.js"] } } }));
    const refused = await run(["misses", "--config", config]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('records no misses; turn them on with "toolsift": {"misses": true}');
  });

  it("reads the file store a config names under its cacheDir", async () => {
    const folder = await mkdtemp(join(tmpdir(), "toolsift-misses-cli-"));
    folders.push(folder);
    const record = missRecord("s", 1);
    await new FileMissStore({ cacheDir: join(folder, "cache") }).add([record]);
    const config = join(folder, "mcp.json");
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: { dyn: { command: "node", args: ["server.js"] } },
        toolsift: { misses: true, cacheDir: "./cache" },
      }),
    );
    const { code, out, err } = await run(["misses", "--config", config, "--json"]);
    expect(code, err).toBe(0);
    expect((JSON.parse(out) as { misses: unknown[] }).misses).toEqual([record]);
  });
});
