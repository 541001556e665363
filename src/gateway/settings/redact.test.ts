import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { oneLine } from "../../catalogue/bounded-text.js";
import { MIN_REDACTED_LENGTH, REDACTED, Redactor } from "./redact.js";

const SECRET = 'sk_live_Q9"x/y+z ab';
const redactor = new Redactor([{ label: "${API_TOKEN}", value: SECRET }]);

describe("Redactor", () => {
  it("replaces a secret as is, URL-encoded, JSON-escaped once and twice, and whitespace-collapsed", () => {
    const forms = [
      `--token ${SECRET}`,
      `https://x.example/${encodeURIComponent(SECRET)}`,
      new URL(`https://x.example/${SECRET}/mcp`).href,
      JSON.stringify({ args: ["--token", SECRET] }),
      JSON.stringify({ error: `started as ${JSON.stringify(`node s.js ${SECRET}`)}` }),
      oneLine(`node s.js ${SECRET.replace(" ", "\n\t")}`, 300),
    ];
    for (const text of forms) {
      const clean = redactor.redact(text);
      expect(clean).toContain("${API_TOKEN}");
      expect(clean).not.toContain("sk_live");
    }
    // JSON stays JSON.
    expect(JSON.parse(redactor.redact(JSON.stringify({ args: [SECRET] })))).toEqual({ args: ["${API_TOKEN}"] });
  });

  it("replaces a secret as a server URL's path, query and host print it", () => {
    for (const [secret, url] of [
      ["Ab|c d", (value: string) => `https://x.example/${value}/mcp`],
      ["tok^en x", (value: string) => `https://x.example/${value}`],
      ["it's-a-token", (value: string) => `https://x.example/mcp?key=${value}`],
      ["TenantABCDEF", (value: string) => `https://${value}.example/mcp`],
    ] as const) {
      const printed = new URL(url(secret));
      const message = `could not connect to MCP server "docs" at ${printed.origin}${printed.pathname}${printed.search}`;
      const clean = new Redactor([{ label: "${SECRET}", value: secret }]).redact(message);
      expect(clean).toContain("${SECRET}");
      expect(clean.toLowerCase()).not.toContain(secret.slice(0, 3).toLowerCase());
    }
  });

  it("removes the start of a secret that a bounded message cut off", () => {
    const line = `started as ${oneLine(`node server.js --token ${SECRET}`, 32)}`;
    expect(line).toMatch(/--token sk_l.*…$/);
    expect(redactor.redact(line)).toBe("started as node server.js --token ${API_TOKEN}…");
  });

  it("bounds the work of a line full of … (an upstream's stderr), and still removes a cut secret's start", () => {
    // Secrets that share their start, as tokens of one service do: every … could end a prefix of each.
    const many = new Redactor(
      Array.from({ length: 500 }, (_, i) => ({ label: `\${T${i}}`, value: `ghp_${i}_${"abcdefghij".repeat(4)}` })),
    );
    const hostile = `${"ghp_1_abcd…".repeat(50_000)}then ghp_7_abcdefghijabc…`;
    const started = performance.now();
    const clean = many.redact(hostile);
    // Unbounded, this took seconds (every … against every form of every secret).
    expect(performance.now() - started).toBeLessThan(500);
    expect(clean).not.toContain("ghp_7_abcd");
    expect(clean.endsWith(`${REDACTED}…`)).toBe(true);
  });

  it("redacts each line of a secret of several lines, which a server's stderr prints one line at a time", () => {
    const key = "-----BEGIN KEY-----\nMIIBfakeKeyLineOne\r\nMIIBfakeKeyLineTwo\n-----END KEY-----";
    const pem = new Redactor([{ label: "${PRIVATE_KEY}", value: key }]);
    expect(pem.redact("[signer] MIIBfakeKeyLineTwo")).toBe("[signer] ${PRIVATE_KEY}");
    expect(pem.redact(`loaded ${key}`)).toBe("loaded ${PRIVATE_KEY}");
  });

  it("leaves out values too short to be secrets, and keeps the rest of the text", () => {
    const short = new Redactor([
      { label: "${DEBUG}", value: "1" },
      { label: "${PORT}", value: "80" },
    ]);
    expect(short.size).toBe(0);
    expect(short.redact("port 80, debug 1")).toBe("port 80, debug 1");
    const four = new Redactor([{ label: REDACTED, value: "x".repeat(MIN_REDACTED_LENGTH) }]);
    expect(four.redact("a xxxx b")).toBe(`a ${REDACTED} b`);
  });

  it("redacts the longest secret first when one holds another", () => {
    const both = new Redactor([
      { label: "${SHORT}", value: "abcd" },
      { label: "${LONG}", value: "abcd-efgh" },
    ]);
    expect(both.redact("abcd-efgh abcd")).toBe("${LONG} ${SHORT}");
  });

  it("never shows its secrets when printed, logged or serialised", () => {
    const shown = [
      JSON.stringify({ redactor }),
      inspect(redactor),
      inspect({ redactor }, { showHidden: true }),
      String(Object.keys(redactor)),
    ];
    for (const text of shown) expect(text).not.toContain("sk_live");
    expect(JSON.stringify({ redactor })).toBe('{"redactor":"[Redactor: 1 secret]"}');
  });

  it("adds secrets with `with`, and leaves text alone with none", () => {
    const more = redactor.with([{ label: REDACTED, value: "hunter2" }]);
    expect(more.size).toBe(2);
    expect(more.redact(`${SECRET} hunter2`)).toBe(`\${API_TOKEN} ${REDACTED}`);
    expect(new Redactor().redact(SECRET)).toBe(SECRET);
  });
});
