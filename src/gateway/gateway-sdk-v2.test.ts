import { describe, expect, it } from "vitest";
import { runWithoutPackages } from "../../test/support/run-without-packages.js";

// Loads SDK v2's server side as the gateway does: without the package, a DependencyError that
// names it and how to install it; with it, the parts the modern era uses.
const SOURCE = `
import { loadModernSdk } from "./src/gateway/gateway-sdk-v2.ts";
try {
  const sdk = await loadModernSdk();
  console.log(JSON.stringify({ ok: true, parts: Object.keys(sdk).sort() }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, code: error.code, packageName: error.packageName, message: error.message }));
}
`;

describe("loadModernSdk", () => {
  it("without @modelcontextprotocol/server, fails with a DependencyError naming it and how to install it", async () => {
    const [missing, present] = await Promise.all([
      runWithoutPackages(["@modelcontextprotocol/server"], SOURCE),
      runWithoutPackages([], SOURCE),
    ]);
    expect(JSON.parse(missing.stdout.trim())).toMatchObject({
      name: "DependencyError",
      code: "missing_dependency",
      packageName: "@modelcontextprotocol/server",
      message: expect.stringMatching(
        /which is not installed\. Install it next to toolsift: npm install @modelcontextprotocol\/server/,
      ),
    });
    expect(JSON.parse(present.stdout.trim())).toMatchObject({
      ok: true,
      parts: expect.arrayContaining(["createMcpHandler", "serveStdio"]),
    });
  });
});

// The HTTP listener's modern leg without SDK v2: none, and one warning; 2025-era clients are served as before.
const LISTENER_SOURCE = `
import { openModernHttp } from "./src/gateway/modern/modern-http.ts";
const lines = [];
const modern = await openModernHttp({}, { log: (line) => lines.push(line), maxSubscriptions: 1, maxSubscriptionsPerCaller: 1 });
console.log(JSON.stringify({ modern: modern !== undefined, lines }));
`;

describe("openModernHttp", () => {
  it("without @modelcontextprotocol/server, serves no modern leg and warns once, naming the package", async () => {
    const run = await runWithoutPackages(["@modelcontextprotocol/server"], LISTENER_SOURCE);
    const { modern, lines } = JSON.parse(run.stdout.trim()) as { modern: boolean; lines: string[] };
    expect(modern).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^warning: MCP 2026-07-28 clients are not served: .*npm install @modelcontextprotocol\/server/,
    );
  });
});
