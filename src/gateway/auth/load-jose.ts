import { DependencyError, errorText } from "../../errors.js";

/** The `jose` module: JWT verification and remote key sets. */
export type Jose = typeof import("jose");

export const JOSE_PACKAGE = "jose";
const JOSE_RANGE = "^6.0.0";

let loading: Promise<Jose> | undefined;

/**
 * Loads `jose` on first use: an optional peer dependency, needed only when the config names an
 * OAuth issuer.
 *
 * @throws DependencyError naming the package and how to install it.
 */
export function loadJose(): Promise<Jose> {
  loading ??= import(JOSE_PACKAGE).then((module: Jose) => {
    if (typeof module.jwtVerify !== "function" || typeof module.createRemoteJWKSet !== "function")
      throw new Error("it exports no jwtVerify or createRemoteJWKSet");
    return module;
  });
  return loading.catch((cause: unknown) => {
    // Not cached: a package installed later is picked up by the next call.
    loading = undefined;
    throw joseLoadError(cause);
  });
}

/**
 * The error of a failed `import("jose")`: how to install jose when it is not installed (the
 * import's own package missing, not one jose imports), how to reinstall it otherwise.
 */
export function joseLoadError(cause: unknown): DependencyError {
  const missing =
    (cause as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" && errorText(cause).includes(`'${JOSE_PACKAGE}'`);
  return new DependencyError(
    JOSE_PACKAGE,
    missing
      ? `Checking OAuth access tokens (toolsift.auth.oauth) needs the ${JOSE_PACKAGE} package, which is not installed. Install it next to toolsift with \`npm install ${JOSE_PACKAGE}@${JOSE_RANGE}\`, or use static tokens (toolsift.auth.tokens) instead.`
      : `${JOSE_PACKAGE} is installed but failed to load (${errorText(cause)}). Reinstall it with \`npm install ${JOSE_PACKAGE}@${JOSE_RANGE}\`.`,
    { cause },
  );
}
