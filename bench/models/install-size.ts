import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { folderBytes, runCommand } from "../../scripts/package/pack-and-install.js";
import type { InstallRow } from "./models-report.js";
import type { ModelSpec } from "./model-list.js";

/** Bytes of `dir` packed alone with `tar -czf` (gzip's default level, as npm's tarballs are). */
export function folderTarGzBytes(dir: string, work: string): number {
  const out = join(work, `${basename(dir)}-alone.tgz`);
  runCommand("tar", ["-czf", out, "-C", join(dir, ".."), basename(dir)], work);
  return statSync(out).size;
}

/**
 * Bytes of toolsift's packed tarball with `model`'s folders as its only model folders: the tarball is
 * unpacked, every folder under `package/models/` replaced by this one, and packed again with
 * `tar -czf`, so the rest of the package is byte for byte what `npm pack` shipped.
 */
export function tarballBytesWith(tarball: string, model: ModelSpec, work: string): number {
  const unpacked = mkdtempSync(join(work, "unpacked-"));
  try {
    runCommand("tar", ["-xzf", tarball, "-C", unpacked], work);
    const models = join(unpacked, "package", "models");
    mkdirSync(models, { recursive: true });
    for (const entry of readdirSync(models, { withFileTypes: true }))
      if (entry.isDirectory()) rmSync(join(models, entry.name), { recursive: true, force: true });
    for (const dir of model.dirs) cpSync(dir, join(models, basename(dir)), { recursive: true });
    const out = join(work, `toolsift-with-${model.id}.tgz`);
    runCommand("tar", ["-czf", out, "-C", unpacked, "package"], work);
    return statSync(out).size;
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** Install size of each model; without a tarball, the folder numbers only. */
export function measureInstall(models: readonly ModelSpec[], tarball: string | undefined, work: string): InstallRow[] {
  return models.map((model) => ({
    model: model.id,
    // A joined model ships each of its folders: their sizes add up.
    folderBytes: model.dirs.reduce((sum, dir) => sum + folderBytes(dir), 0),
    folderTarGzBytes: model.dirs.reduce((sum, dir) => sum + folderTarGzBytes(dir, work), 0),
    tarballBytes: tarball ? tarballBytesWith(tarball, model, work) : null,
  }));
}
