import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanEnv, folderBytes, lockedPackages, packagesWithInstallScripts, runCommand } from "./pack-and-install.js";

describe("pack-and-install helpers", () => {
  const project = mkdtempSync(join(tmpdir(), "pack-and-install-test-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(
    join(project, "package-lock.json"),
    JSON.stringify({
      packages: {
        "": { name: "consumer" },
        "node_modules/toolsift": { version: "0.1.0" },
        "node_modules/native-thing": { version: "1.0.0", hasInstallScript: true },
        "node_modules/toolsift/node_modules/nested": { version: "2.0.0", hasInstallScript: true },
      },
    }),
  );

  it("lists installed packages from the lockfile, and those with an install script", () => {
    expect(Object.keys(lockedPackages(project))).toEqual([
      "node_modules/toolsift",
      "node_modules/native-thing",
      "node_modules/toolsift/node_modules/nested",
    ]);
    expect(packagesWithInstallScripts(project)).toEqual([
      "node_modules/native-thing",
      "node_modules/toolsift/node_modules/nested",
    ]);
  });

  it("adds up the bytes of every file under a folder", () => {
    const folder = join(project, "sized");
    mkdirSync(join(folder, "deep", "deeper"), { recursive: true });
    writeFileSync(join(folder, "a.txt"), "x".repeat(1_000));
    writeFileSync(join(folder, "deep", "deeper", "b.bin"), Buffer.alloc(2_048));
    expect(folderBytes(folder)).toBe(3_048);
  });

  it("runs commands without npm's npm_* variables, and names a failed command with its output", () => {
    process.env.npm_config_bench_probe = "leaked";
    try {
      expect(cleanEnv().npm_config_bench_probe).toBeUndefined();
      const output = runCommand(
        process.execPath,
        ["-e", "console.log(process.env.npm_config_bench_probe ?? 'clean')"],
        project,
      );
      expect(output.trim()).toBe("clean");
    } finally {
      delete process.env.npm_config_bench_probe;
    }
    expect(() => runCommand(process.execPath, ["-e", "console.error('broken'); process.exit(3)"], project)).toThrow(
      /exited with 3:\nbroken/,
    );
  });
});
