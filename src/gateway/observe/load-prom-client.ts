import { DependencyError, errorText } from "../../errors.js";

/** The parts of prom-client the gateway's metrics use. */
export type PromClient = Pick<
  typeof import("prom-client"),
  "Registry" | "Counter" | "Gauge" | "Histogram" | "collectDefaultMetrics"
>;

/** The optional peer behind `/metrics`, and the versions toolsift is tested against. */
export const PROM_CLIENT_PACKAGE = "prom-client";
export const PROM_CLIENT_RANGE = "^15";

/**
 * Loads prom-client on first use: an optional peer, needed only when metrics are served.
 *
 * @throws {@link DependencyError} naming the package and the command that installs it when it
 *   is missing, and why it failed when it is installed but does not load.
 */
export async function loadPromClient(): Promise<PromClient> {
  let loaded: typeof import("prom-client");
  try {
    loaded = await import("prom-client");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason = errorText(error);
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && reason.includes(`'${PROM_CLIENT_PACKAGE}'`))
      throw new DependencyError(
        PROM_CLIENT_PACKAGE,
        `Metrics need the optional package ${PROM_CLIENT_PACKAGE} (${PROM_CLIENT_RANGE}), which is not installed. ` +
          `Install it next to toolsift: npm install ${PROM_CLIENT_PACKAGE}`,
        { cause: error },
      );
    throw new DependencyError(
      PROM_CLIENT_PACKAGE,
      `${PROM_CLIENT_PACKAGE} is installed but failed to load: ${reason}. Reinstall it (npm install ${PROM_CLIENT_PACKAGE}@${PROM_CLIENT_RANGE}).`,
      { cause: error },
    );
  }
  const { Registry, Counter, Gauge, Histogram, collectDefaultMetrics } = loaded;
  if ([Registry, Counter, Gauge, Histogram, collectDefaultMetrics].some((part) => typeof part !== "function"))
    throw new DependencyError(
      PROM_CLIENT_PACKAGE,
      `The installed ${PROM_CLIENT_PACKAGE} is a version toolsift does not support. Install a supported one: npm install ${PROM_CLIENT_PACKAGE}@${PROM_CLIENT_RANGE}`,
    );
  return { Registry, Counter, Gauge, Histogram, collectDefaultMetrics };
}
