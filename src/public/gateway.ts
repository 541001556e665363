/**
 * `toolsift/gateway`: the MCP gateway of `toolsift serve`, to embed in a process of your own.
 * One tool search over the tools of every server in a config, one toolsift session per
 * client connection; serve it over stdio or Streamable HTTP (`listenHttp`).
 *
 * @example
 * ```ts
 * import { Gateway, listenHttp, readGatewayConfig } from "toolsift/gateway";
 *
 * const gateway = await Gateway.start({ config: readGatewayConfig("toolsift.json") });
 * const listener = await listenHttp(gateway, { port: 8080, host: "127.0.0.1", log: console.error, auth: false });
 * ```
 * @module
 */
export {
  ConfigError,
  Gateway,
  LOCAL_CALLER,
  callerKey,
  createAuthenticator,
  hashToken,
  newToken,
  OAuthSetupError,
  MCP_PATH,
  listenHttp,
  openCatalogue,
  parseGatewayConfig,
  readGatewayConfig,
  type Authentication,
  type AuthenticationError,
  type Authenticator,
  type AuthSettings,
  type CallApproval,
  type Caller,
  type ConnectOptions,
  type GatewayClient,
  type GatewayEvent,
  type GatewayObserver,
  type GatewayConfig,
  type GatewayOptions,
  type GatewaySettings,
  type GatewayTransport,
  type HttpListener,
  type HttpListenOptions,
  type ListingMode,
  type OAuthSettings,
  type StaticTokenSettings,
  type OpenCatalogue,
  type OpenCatalogueOptions,
} from "../gateway/index.js";
