import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "test/**/*.test.ts",
      "examples/**/*.test.ts",
      "bench/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    // They need bench/peers' own install (ai 7); vitest.peers.config.ts runs them (npm run test:peers).
    exclude: ["bench/peers/**", "**/node_modules/**"],
    // The ONNX model load and the MCP server processes take seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
