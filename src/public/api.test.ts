import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readApiSurface } from "../../test/support/api-surface.js";

// The public API, pinned: every name each entry point exports (api.json), and no type a user
// meets in a public signature that no entry point exports. A change to either is a change to
// the API: update api.json on purpose, and say so in the CHANGELOG.
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const FACES = [
  "src/index.ts",
  ...["agent", "ai", "gateway", "learning", "mcp", "testing"].map((face) => `src/public/${face}.ts`),
];
const pinned = JSON.parse(readFileSync(join(root, "src/public/api.json"), "utf8")) as Record<string, string[]>;

function programOf(files: readonly string[]): ts.Program {
  return ts.createProgram([...files], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
}

const inProject = (file: string) => file.startsWith(join(root, "src")) && !file.includes("node_modules");

describe("the public API", () => {
  const surface = readApiSurface(
    programOf(FACES.map((face) => join(root, face))),
    FACES.map((face) => join(root, face)),
    inProject,
  );
  const byFace = Object.fromEntries(
    Object.entries(surface.names).map(([file, names]) => [file.slice(root.length + 1), names]),
  );

  it("exports exactly the pinned names from each entry point (update src/public/api.json on purpose)", () => {
    expect(byFace).toEqual(pinned);
  });

  // 80 until the enrichment option (its file's types and format, its status, its error: seven
  // names), which any createToolSearch user may pass.
  it("keeps the root entry to the core: at most 87 names", () => {
    expect(byFace["src/index.ts"]!.length).toBeLessThanOrEqual(87);
  });

  it("exports every type a public signature names", () => {
    expect(surface.unexported).toEqual([]);
  });

  it("is checked for real: a type named by an exported signature but not exported is reported", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-api-"));
    const src = join(dir, "src");
    mkdirSync(src);
    writeFileSync(
      join(src, "options.ts"),
      "export interface Hidden { depth: number }\nexport interface Shown { hidden: Hidden }\n",
    );
    writeFileSync(
      join(src, "index.ts"),
      'import type { Shown } from "./options.js";\nexport type { Shown };\nexport function make(input: Shown): Promise<Set<Shown>> { return Promise.resolve(new Set([input])); }\n' +
        "export class Box { /** @internal */ constructor(private readonly secret: Secret) {} open(): Shown { return { hidden: { depth: 1 } }; } }\n" +
        "interface Secret { key: string }\n",
    );
    const entry = join(src, "index.ts");
    const virtual = readApiSurface(programOf([entry]), [entry], (file) => file.startsWith(src));
    rmSync(dir, { recursive: true, force: true });
    expect(virtual.names[entry]).toEqual(["Box", "Shown", "make"]);
    // Hidden is reached through Shown; Secret only through an @internal constructor, so it is not public.
    expect(virtual.unexported).toEqual([`Hidden (in src/options.ts), named by ${entry}: Shown`]);
  });
});
