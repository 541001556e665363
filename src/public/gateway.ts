/**
 * `toolsift/gateway`: the MCP gateway of `toolsift serve`, to embed in a process of your own.
 * One tool search over the tools of every server in a config, one toolsift session per
 * client connection; serve it over stdio (`gateway.connectStdio()`) or Streamable HTTP
 * (`listenHttp`). Only the seams are here: the config is read whole and handed on, and the
 * parts you may replace (who may call, what is reported, where replicas share sessions) are
 * interfaces.
 *
 * @example
 * ```ts
 * import { Gateway, authenticatorFor, listenHttp, readGatewayConfig } from "toolsift/gateway";
 *
 * const config = readGatewayConfig("toolsift.json");
 * const gateway = await Gateway.start({ config });
 * const listener = await listenHttp(gateway, { port: 8080, host: "127.0.0.1", log: console.error, auth: await authenticatorFor(config) });
 * ```
 * @module
 */
// Starting and serving a gateway.
export {
  Gateway,
  listenHttp,
  type ConnectOptions,
  type GatewayClient,
  type GatewayOptions,
  type GatewayTransport,
  type HttpLimits,
  type HttpListener,
  type HttpListenOptions,
  type MetricsSource,
} from "../gateway/index.js";
// Reading and checking a config.
export {
  ConfigError,
  parseGatewayConfig,
  readGatewayConfig,
  type ConfigReadOptions,
  type GatewayConfig,
} from "../gateway/index.js";
// Who may call.
export {
  authenticatorFor,
  OAuthSetupError,
  type Authentication,
  type AuthenticationError,
  type Authenticator,
  type Caller,
  type RequestHeaders,
} from "../gateway/index.js";
// What the gateway reports.
export type { CallApproval, GatewayEvent, GatewayObserver } from "../gateway/index.js";
// Where replicas share sessions.
export {
  sessionStoreFor,
  type ReplicaMessage,
  type SessionRecord,
  type SessionState,
  type SessionStore,
} from "../gateway/index.js";
