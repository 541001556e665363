import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../scripts/import-edges.js";
import { packageFile } from "./package-file.js";

const SRC = join(packageFile(""), "src");

describe("packageFile", () => {
  it("finds the package's own files: its manifest and the bundled model", () => {
    expect(JSON.parse(readFileSync(packageFile("package.json"), "utf8")).name).toBe("toolsift");
    expect(existsSync(packageFile("models/use-lite-sif/onnx/model.onnx"))).toBe(true);
  });

  it("is how the library reaches a file by path: no module builds one from its own location", () => {
    // The published dist is bundled (scripts/bundle-dist.mjs): a module's folder there is a
    // chunk's, so a path relative to import.meta.url that works from src/ breaks for users.
    // createRequire(import.meta.url) only resolves packages, which works from any folder.
    const library = sourceFiles(SRC).filter((file) => !/\.(test|fixture)\.ts$/.test(file));
    const relativePaths = library.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, at: `${relative(SRC, file)}:${index + 1}` }))
        .filter(
          ({ line }) =>
            /import\.meta\.(url|dirname|filename)/.test(line) && !/createRequire\(import\.meta\.url\)/.test(line),
        )
        .map(({ at }) => at),
    );
    expect(relativePaths).toEqual([]);
  });
});
