import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:peers` (part of `npm test`): the tests that need bench/peers' own install of ai 7
// and openai 7, which declare Node >= 22 and so stay out of the root install: the bench's peer
// rankers, toolsift/ai against ai 7, and runAgent's providers again under openai 7 (the root
// install, and so the rest of the suite, has openai 6). The default config (vitest.config.ts)
// leaves bench/peers out, so that `npx vitest run` needs no bench install.
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
    // would otherwise find the root install's ai 6); every "openai" import gets openai 7.
    alias: ["ai", "ai/test", "ai/internal", "openai", "openai/version"].map((specifier) => ({
      find: new RegExp(`^${specifier}$`),
      replacement: fromPeers(specifier),
    })),
  },
  test: {
    include: [
      "bench/peers/**/*.test.ts",
      // The OpenAI providers' scenarios, under openai 7: what the SDK yields or throws changed.
      "src/agent/providers/providers.test.ts",
      "src/agent/providers/stream-failures.test.ts",
      "src/agent/fallback.test.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
