import { DependencyError, errorText } from "../errors.js";

/** An optional peer dependency: what npm calls it, and the versions toolsift is built and tested against. */
export interface OptionalPackage<Module, Picked> {
  /** The npm package, e.g. `pg`. */
  readonly name: string;
  /** The supported versions, as package.json's peerDependencies says them, e.g. `^8.11.0`. */
  readonly range: string;
  /** What `npm install` is given, when `name@range` is not a valid argument (a range with `||`). */
  readonly install?: string;
  /** Imports it: a literal `import("…")`, so type-checking and bundlers see the package. */
  readonly load: () => Promise<Module>;
  /** Takes what toolsift uses from the module; {@link requireExports} says which exports a wrong version lacks. */
  readonly pick: (module: Module) => Picked;
}

/** Who needs the package, for the message when it does not load; each caller says it its own way. */
export interface PackageUse {
  /** Starts a sentence: "fromMcp", "The PostgreSQL usage store". */
  readonly neededBy: string;
  /** What the package is, when its name does not say: "the MCP SDK v2 client". */
  readonly what?: string;
  /** Sentences said after how to install a missing package: another way out, or what installing takes. */
  readonly whenMissing?: string;
  /** Sentences said instead of "Reinstall it…" when the package is installed but does not load. */
  readonly whenBroken?: string;
}

/** The exports a picked module lacks: the installed package is a version toolsift does not support. */
class MissingExports extends Error {
  constructor(readonly names: readonly string[]) {
    super(`it does not export ${names.join(", ")}`);
  }
}

/**
 * `picked`, checked: every field set. A field left undefined (or null) is an export the installed
 * version lacks, and the load fails with a DependencyError that says to install a supported one.
 */
export function requireExports<Picked extends Record<string, unknown>>(
  picked: Picked,
): { [Key in keyof Picked]: NonNullable<Picked[Key]> } {
  const missing = Object.entries(picked).flatMap(([name, value]) =>
    value === undefined || value === null ? [name] : [],
  );
  if (missing.length > 0) throw new MissingExports(missing);
  return picked as { [Key in keyof Picked]: NonNullable<Picked[Key]> };
}

/**
 * A loader of an optional package: it is imported on first use (never at start-up, since most
 * programs never need it), and a success is kept. A failure is not: installing the package
 * fixes a long-running process's next call. Callers that arrive during a load share it.
 *
 * @returns a function that loads the package for a `use`, and throws the {@link DependencyError}
 *   of {@link dependencyError} when it does not load.
 */
export function optionalPackage<Module, Picked>(
  pkg: OptionalPackage<Module, Picked>,
): (use: PackageUse) => Promise<Picked> {
  let loading: Promise<Picked> | undefined;
  return (use) => {
    const attempt = (loading ??= pkg.load().then(pkg.pick));
    return attempt.catch((error: unknown) => {
      if (loading === attempt) loading = undefined;
      throw dependencyError(error, pkg, use);
    });
  };
}

/**
 * The DependencyError of a package that did not load, telling apart the three cases, since each
 * is fixed differently: not installed (install it), installed in a version toolsift does not
 * support (install a supported one), installed but broken (reinstall it, or see `whenBroken`).
 */
export function dependencyError(
  error: unknown,
  pkg: Pick<OptionalPackage<unknown, unknown>, "name" | "range" | "install">,
  use: PackageUse,
): DependencyError {
  const { name, range } = pkg;
  const install = `\`npm install ${pkg.install ?? `${name}@${range}`}\``;
  const code = (error as { code?: unknown } | null)?.code;
  const reason = errorText(error);
  if (error instanceof MissingExports || code === "ERR_PACKAGE_PATH_NOT_EXPORTED") {
    const lacks =
      error instanceof MissingExports ? `does not export ${error.names.join(", ")}` : `does not load (${reason})`;
    return new DependencyError(
      name,
      `The installed ${name} ${lacks}, which ${use.neededBy} needs: it is a version toolsift does not support ` +
        `(${range}). Install a supported one with ${install}.`,
      { cause: error },
    );
  }
  // Node names the package it could not find: this one (missing), or one it imports (broken).
  if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && reason.includes(`'${name}'`)) {
    const what = use.what === undefined ? "" : `, ${use.what}`;
    return new DependencyError(
      name,
      `${use.neededBy} needs the optional package ${name} (${range})${what}, which is not installed. ` +
        `Install it next to toolsift with ${install}.${use.whenMissing === undefined ? "" : ` ${use.whenMissing}`}`,
      { cause: error },
    );
  }
  return new DependencyError(
    name,
    `${name} is installed but failed to load (${reason}). ${use.neededBy} needs it. ` +
      (use.whenBroken ?? `Reinstall it with ${install}, and check that its own dependencies are installed.`),
    { cause: error },
  );
}
