import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:peers` (part of `npm test`): the tests that need bench/peers' own install of ai 7,
// which declares Node >= 22 and so stays out of the root install: the bench's peer rankers, and
// toolsift/ai against ai 7. The default config (vitest.config.ts) leaves them out, so that
// `npx vitest run` needs no bench install.
const installed = fileURLToPath(new URL("./bench/peers/node_modules/", import.meta.url));
const peers = createRequire(new URL("./bench/peers/package.json", import.meta.url));
/** The file bench/peers' install serves for a specifier; not the root install's, which Node would fall back to. */
function fromPeers(specifier: string): string {
  const path = peers.resolve(specifier);
  if (!path.startsWith(installed)) {
    throw new Error(`${specifier} is not installed in bench/peers: run npm run setup:bench-peers (npm test does).`);
  }
  return path;
}

export default defineConfig({
  resolve: {
    // Every "ai" import gets ai 7 from bench/peers, toolsift/ai's own in src/ai/ included (which
    // would otherwise find the root install's ai 6).
    alias: ["ai", "ai/test", "ai/internal"].map((specifier) => ({
      find: new RegExp(`^${specifier}$`),
      replacement: fromPeers(specifier),
    })),
  },
  test: {
    include: ["bench/peers/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
