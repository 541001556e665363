import { DependencyError, OptionsError, errorText } from "../errors.js";
import type { EnrichmentClient, EnrichmentProvider } from "../public/enrichment.js";

/** Per provider: the optional peer that talks to it, the versions tested, and where its key is. */
const PROVIDERS = {
  anthropic: {
    package: "@anthropic-ai/sdk",
    range: "^1.14",
    keyVariable: "ANTHROPIC_API_KEY",
    baseVariable: "ANTHROPIC_BASE_URL",
  },
  openai: { package: "openai", range: "^6", keyVariable: "OPENAI_API_KEY", baseVariable: "OPENAI_BASE_URL" },
} as const;

/**
 * The SDK client of a provider, for `toolsift enrich` and `eval --agent`: the optional peer is
 * loaded on use, its key read from the environment (never printed), and its base URL left to
 * the SDK, which reads ANTHROPIC_BASE_URL or OPENAI_BASE_URL itself. `use` names the command in
 * messages and sets the SDK's own retries (off for enrich by default: enrichCatalogue retries,
 * and the two would multiply).
 *
 * @throws {@link OptionsError} when the key is not set.
 * @throws {@link DependencyError} naming the package to install when it is missing or does not load.
 */
export async function loadModelClient(
  provider: EnrichmentProvider,
  env: Readonly<Record<string, string | undefined>> = process.env,
  use: { command: string; maxRetries: number } = { command: `toolsift enrich --provider ${provider}`, maxRetries: 0 },
): Promise<EnrichmentClient> {
  const { package: name, range, keyVariable, baseVariable } = PROVIDERS[provider];
  const apiKey = env[keyVariable];
  if (apiKey === undefined || apiKey.trim() === "")
    throw new OptionsError(
      "missing_api_key",
      `${use.command} needs an API key in ${keyVariable}, which is not set. ` +
        `Set it (and ${baseVariable} for a proxy or gateway), or run with --dry-run to see the cost first.`,
    );
  let loaded: { default?: unknown };
  try {
    loaded = (await (provider === "anthropic" ? import("@anthropic-ai/sdk") : import("openai"))) as {
      default?: unknown;
    };
  } catch (cause) {
    // Node names the package it could not find: this one, or something it imports (then it is broken).
    const missing =
      /^(ERR_)?MODULE_NOT_FOUND$/.test(String((cause as { code?: unknown } | null)?.code)) &&
      errorText(cause).includes(`'${name}'`);
    throw new DependencyError(
      name,
      missing
        ? `${use.command} talks to the model through the optional package ${name} (${range}), which is not installed. Install it next to toolsift: npm install ${name}`
        : `${name} is installed but failed to load: ${errorText(cause)}. Reinstall it (npm install ${name}@${range}).`,
      { cause },
    );
  }
  const Client = loaded.default;
  if (typeof Client !== "function")
    throw new DependencyError(
      name,
      `The installed ${name} has no default export to construct a client with: it is a version toolsift does not support. Install a supported one: npm install ${name}@${range}`,
    );
  return new (Client as new (options: { apiKey: string; maxRetries: number }) => EnrichmentClient)({
    apiKey,
    maxRetries: use.maxRetries,
  });
}
