import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DependencyError } from "../errors.js";
import { optionalPackage, requireExports } from "./optional-package.js";

// Real imports: a package that is not installed, a module that throws as it loads, and one that
// imports a package that is not there (the package is installed, its own dependency is not).
const ABSENT = "toolsift-test-absent-package";
const USE = { neededBy: "The frobnicator", whenMissing: "Or turn frobbing off." };
let scratch: string;
const moduleAt = (file: string, text: string) => {
  const path = join(scratch, file);
  writeFileSync(path, text);
  return pathToFileURL(path).href;
};

describe("optionalPackage", () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "toolsift-optional-"));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it("says a missing package is not installed, who needs it, and how to install it", async () => {
    const load = optionalPackage({ name: ABSENT, range: "^1.2.0", load: () => import(ABSENT), pick: (m) => m });
    const error = await load(USE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DependencyError);
    expect(error).toMatchObject({ code: "missing_dependency", packageName: ABSENT });
    expect((error as Error).message).toBe(
      `The frobnicator needs the optional package ${ABSENT} (^1.2.0), which is not installed. ` +
        `Install it next to toolsift with \`npm install ${ABSENT}@^1.2.0\`. Or turn frobbing off.`,
    );
  });

  it("says an installed package that throws as it loads is broken, with the reason", async () => {
    const url = moduleAt("throws.mjs", 'throw new Error("native build missing");\n');
    const load = optionalPackage({ name: "frob", range: "^1", load: () => import(url), pick: (m) => m });
    const message = await load(USE).catch((caught: unknown) => (caught as Error).message);
    expect(message).toBe(
      "frob is installed but failed to load (native build missing). The frobnicator needs it. " +
        "Reinstall it with `npm install frob@^1`, and check that its own dependencies are installed.",
    );
    const rebuilt = await load({ ...USE, whenBroken: "Rebuild it with `npm rebuild frob`." }).catch(
      (caught: unknown) => (caught as Error).message,
    );
    expect(rebuilt).toMatch(/needs it\. Rebuild it with `npm rebuild frob`\.$/);
  });

  it("calls a package broken, not missing, when what is missing is a package it imports", async () => {
    const url = moduleAt("imports-absent.mjs", `import "${ABSENT}";\n`);
    const load = optionalPackage({ name: "frob", range: "^1", load: () => import(url), pick: (m) => m });
    const message = await load(USE).catch((caught: unknown) => (caught as Error).message);
    expect(message).toMatch(/^frob is installed but failed to load \(.*toolsift-test-absent-package/);
  });

  it("says a version without the exports toolsift uses is unsupported, naming them", async () => {
    const url = moduleAt("old.mjs", "export const Pool = 1;\n");
    const load = optionalPackage({
      name: "frob",
      range: "^2",
      install: "frob@latest",
      load: () => import(url) as Promise<Record<string, unknown>>,
      pick: (m) => requireExports({ Pool: m.Pool, Client: m.Client, Cursor: m.Cursor }),
    });
    const message = await load(USE).catch((caught: unknown) => (caught as Error).message);
    expect(message).toBe(
      "The installed frob does not export Client, Cursor, which The frobnicator needs: it is a version toolsift " +
        "does not support (^2). Install a supported one with `npm install frob@latest`.",
    );
  });

  it("does not keep a failure, so installing the package fixes the next call; keeps a success", async () => {
    let imports = 0;
    let installed = false;
    const load = optionalPackage({
      name: ABSENT,
      range: "^1",
      load: () => {
        imports++;
        return installed ? Promise.resolve({ value: 42 }) : import(ABSENT);
      },
      pick: (m: { value?: number }) => m.value,
    });
    await expect(load(USE)).rejects.toBeInstanceOf(DependencyError);
    installed = true;
    await expect(load(USE)).resolves.toBe(42);
    await expect(load(USE)).resolves.toBe(42);
    expect(imports).toBe(2);
  });

  it("shares one load between callers that arrive while it runs", async () => {
    let imports = 0;
    const load = optionalPackage({
      name: "frob",
      range: "^1",
      load: async () => {
        imports++;
        return { value: 1 };
      },
      pick: (m) => m.value,
    });
    await expect(Promise.all([load(USE), load(USE)])).resolves.toEqual([1, 1]);
    expect(imports).toBe(1);
  });
});
