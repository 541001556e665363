import { OptionsError } from "../errors.js";
import { optionalPackage, requireExports } from "../util/optional-package.js";
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

/** The provider SDKs, each loaded on first use: its default export constructs a client. */
const SDKS = {
  anthropic: sdkOf("anthropic", () => import("@anthropic-ai/sdk")),
  openai: sdkOf("openai", () => import("openai")),
};

function sdkOf(provider: EnrichmentProvider, load: () => Promise<{ default?: unknown }>) {
  return optionalPackage({
    name: PROVIDERS[provider].package,
    range: PROVIDERS[provider].range,
    load,
    pick: (module) => {
      const Client = module.default;
      return requireExports({ default: typeof Client === "function" ? Client : undefined }).default;
    },
  });
}

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
  const { keyVariable, baseVariable } = PROVIDERS[provider];
  const apiKey = env[keyVariable];
  if (apiKey === undefined || apiKey.trim() === "")
    throw new OptionsError(
      "missing_api_key",
      `${use.command} needs an API key in ${keyVariable}, which is not set. ` +
        `Set it (and ${baseVariable} for a proxy or gateway), or run with --dry-run to see the cost first.`,
    );
  const Client = await SDKS[provider]({ neededBy: use.command });
  return new (Client as new (options: { apiKey: string; maxRetries: number }) => EnrichmentClient)({
    apiKey,
    maxRetries: use.maxRetries,
  });
}
