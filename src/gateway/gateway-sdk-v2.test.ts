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

// The HTTP listener's modern leg without SDK v2: it is never reached so (the listener's 2025-era
// sessions load the same package first), and if called it fails as the loader does.
const LISTENER_SOURCE = `
import { openModernHttp } from "./src/gateway/modern/modern-http.ts";
const lines = [];
const failed = await openModernHttp({}, { log: (line) => lines.push(line), maxSubscriptions: 1, maxSubscriptionsPerCaller: 1 }).then(
  () => undefined,
  (error) => ({ name: error.name, message: error.message }),
);
console.log(JSON.stringify({ failed, lines }));
`;

describe("openModernHttp", () => {
  it("without @modelcontextprotocol/server, fails with the loader's DependencyError and logs nothing", async () => {
    const run = await runWithoutPackages(["@modelcontextprotocol/server"], LISTENER_SOURCE);
    const { failed, lines } = JSON.parse(run.stdout.trim()) as {
      failed: { name: string; message: string } | undefined;
      lines: string[];
    };
    expect(failed?.name).toBe("DependencyError");
    expect(failed?.message).toMatch(/npm install @modelcontextprotocol\/server/);
    expect(lines).toEqual([]);
  });
});
