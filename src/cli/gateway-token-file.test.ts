import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, scratchDir } from "../../test/support/gateway-process.js";
import { GENERATED_TOKEN } from "../gateway/index.js";
import { GATEWAY_TOKEN_FILE, gatewayToken, UnsafeTokenFileError } from "./gateway-token-file.js";

const posix = process.platform !== "win32";

describe("gatewayToken", () => {
  it("writes a new token to a 0600 file, and keeps it on the next start", () => {
    const dir = join(scratchDir(), "toolsift");
    const first = gatewayToken(dir);
    expect(first).toMatchObject({ path: join(dir, GATEWAY_TOKEN_FILE), status: "created" });
    expect(first.token).toMatch(GENERATED_TOKEN);
    expect(readFileSync(first.path, "utf8")).toBe(`${first.token}\n`);
    if (posix) {
      expect(statSync(first.path).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    expect(gatewayToken(dir)).toEqual({ path: first.path, token: first.token, status: "kept" });
  });

  it.runIf(posix)("replaces a file others can read, a link, or one that holds no toolsift token", () => {
    const dir = scratchDir();
    const path = join(dir, GATEWAY_TOKEN_FILE);
    const { token } = gatewayToken(dir);
    chmodSync(path, 0o644);
    const widened = gatewayToken(dir);
    expect(widened).toMatchObject({ status: "replaced", why: "other users could read it" });
    expect(widened.token).not.toBe(token);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const target = join(scratchDir(), "elsewhere");
    writeFileSync(target, `${token}\n`, { mode: 0o600 });
    rmSync(path);
    symlinkSync(target, path);
    expect(gatewayToken(dir)).toMatchObject({ status: "replaced", why: "it was a link" });
    // The link was replaced, not written through.
    expect(readFileSync(target, "utf8")).toBe(`${token}\n`);

    writeFileSync(path, "hunter2\n", { mode: 0o600 });
    expect(gatewayToken(dir)).toMatchObject({ status: "replaced", why: "it did not hold a toolsift token" });
  });

  it.runIf(posix)("does not hang on a FIFO in its place, and replaces it", () => {
    const dir = scratchDir();
    execFileSync("mkfifo", ["-m", "600", join(dir, GATEWAY_TOKEN_FILE)]);
    // In a child with a deadline: opening a FIFO for reading blocks the whole process until a writer comes.
    const source = `import { gatewayToken } from "./src/cli/gateway-token-file.ts";
      const { status, why } = gatewayToken(${JSON.stringify(dir)});
      console.log(JSON.stringify({ status, why }));`;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", source], {
      cwd: ROOT,
      timeout: 30_000,
      encoding: "utf8",
    });
    expect(JSON.parse(output.trim())).toEqual({ status: "replaced", why: "it was not a regular file" });
    expect(statSync(join(dir, GATEWAY_TOKEN_FILE)).isFile()).toBe(true);
  });

  it.runIf(posix)("refuses a cache folder other users can write to", () => {
    const dir = join(scratchDir(), "shared");
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(() => gatewayToken(dir)).toThrow(UnsafeTokenFileError);
    expect(() => gatewayToken(dir)).toThrow(/can be written by other users/);
  });

  it("refuses a folder in the token file's place, says what to do, and leaves no temporary file behind", () => {
    const dir = scratchDir();
    const path = join(dir, GATEWAY_TOKEN_FILE);
    mkdirSync(path);
    expect(() => gatewayToken(dir)).toThrow(UnsafeTokenFileError);
    expect(() => gatewayToken(dir)).toThrow(`${path} is a folder`);
    expect(readdirSync(dir)).toEqual([GATEWAY_TOKEN_FILE]);
    expect(statSync(path).isDirectory()).toBe(true);
  });
});
