export { ConfigError } from "./config/config-error.js";
export {
  Gateway,
  type ConnectOptions,
  type GatewayClient,
  type GatewayOptions,
  type GatewayTransport,
} from "./gateway.js";
export {
  callerKey,
  LOCAL_CALLER,
  type Authentication,
  type AuthenticationError,
  type Authenticator,
  type Caller,
} from "./auth/caller.js";
export { createAuthenticator, resourceMetadataUrl } from "./auth/create-authenticator.js";
export { OAuthSetupError } from "./auth/issuer-metadata.js";
export { isLoopbackHost } from "./auth/loopback-host.js";
export { GENERATED_TOKEN, hashToken, newToken, TOKEN_PREFIX } from "./auth/static-tokens.js";
export {
  TOKEN_NAME_PATTERN,
  type AuthSettings,
  type OAuthSettings,
  type StaticTokenSettings,
} from "./config/auth-config.js";
export { fanOut, type CallApproval, type GatewayEvent, type GatewayObserver } from "./observe/gateway-event.js";
export {
  parseGatewayConfig,
  parseGatewaySettings,
  readGatewayConfig,
  readJsonFile,
  defaultCacheDir,
  type GatewayConfig,
  type GatewaySettings,
} from "./config/gateway-config.js";
export { listedTools, type ListedTool, type ListingMode } from "./gateway-listing.js";
export {
  DEFAULT_MAX_HTTP_SESSIONS,
  listenHttp,
  MCP_PATH,
  type HttpListener,
  type HttpListenOptions,
} from "./http/http-listener.js";
export { openCatalogue, rankerFor, type OpenCatalogue, type OpenCatalogueOptions } from "./open-catalogue.js";
export { toolPolicy, type ToolPolicy } from "./policy/tool-policy.js";
