// Setup file of `npm run test:unit` (vitest.unit.config.ts): its tests start no process. Every
// child_process function throws here, so a test that would start one (a server, a CLI run, a
// child with a package hidden) fails at once and says where it belongs, instead of making the
// fast suite slow. Patched on the module itself, so code in node_modules (the MCP SDK's stdio
// transport) is stopped too.
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: () => {
      throw new Error(
        `npm run test:unit starts no process, and this test called child_process.${name}(): add its file to PROCESS_TESTS in vitest.unit.config.ts (npm test runs it).`,
      );
    },
  });
}
syncBuiltinESMExports();
