import {
  createAuthenticator,
  defaultCacheDir,
  hashToken,
  type Authenticator,
  type GatewayConfig,
} from "../gateway/index.js";
import type { CliIo } from "./cli-io.js";
import { gatewayToken } from "./gateway-token-file.js";
import { UsageError, type CliCommand } from "./parse-cli.js";

/**
 * Who may call `serve --http`: the config's `auth` (static tokens, an OAuth issuer, or both);
 * with none configured, the gateway's own token, kept in a 0600 file under the cache folder;
 * `false` for `--no-auth` (which the command line allows only on loopback). The token itself is
 * never printed: only where it is.
 */
export async function serveAuthenticator(
  command: Extract<CliCommand, { command: "serve" }>,
  config: GatewayConfig,
  io: CliIo,
): Promise<Authenticator | false> {
  const { auth } = config.settings;
  const configured = auth.tokens.length > 0 || auth.oauth !== undefined;
  if (command.noAuth) {
    if (configured)
      throw new UsageError(
        `toolsift serve: --no-auth, but ${config.file} configures toolsift.auth: drop one or the other.`,
      );
    io.err(
      `warning: --no-auth: every process on this machine that can reach ${command.host} can call every upstream tool as you.`,
    );
    return false;
  }
  if (configured) {
    const authenticator = await createAuthenticator(auth);
    const kinds = [
      ...(auth.tokens.length > 0 ? [`${auth.tokens.length} static token${auth.tokens.length === 1 ? "" : "s"}`] : []),
      ...(auth.oauth ? [`OAuth access tokens from ${auth.oauth.issuer} for ${auth.oauth.resource}`] : []),
    ];
    io.err(`auth: callers need a bearer token: ${kinds.join(", or ")}`);
    return authenticator;
  }
  const dir = config.settings.cacheDir === false ? defaultCacheDir() : config.settings.cacheDir;
  const own = gatewayToken(dir);
  const how = {
    kept: "kept from an earlier start",
    created: "new",
    replaced: `new: the old file was not trusted, as ${own.why}`,
  }[own.status];
  io.err(
    `auth: callers need "Authorization: Bearer <token>" with the token in ${own.path} (${how}). ` +
      "To give each client a token of its own, see toolsift token create.",
  );
  return createAuthenticator({
    tokens: [{ name: "owner", sha256: hashToken(own.token), groups: [], tenant: undefined }],
    oauth: undefined,
  });
}
