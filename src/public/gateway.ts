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
  CallerPolicies,
  ConfigError,
  Gateway,
  Redactor,
  LOCAL_CALLER,
  callerKey,
  createAuthenticator,
  hashToken,
  newToken,
  OAuthSetupError,
  MCP_PATH,
  listenHttp,
  isLoopbackHost,
  openCatalogue,
  openSessionStore,
  parseGatewayConfig,
  readGatewayConfig,
  type Authentication,
  type AuthenticationError,
  type Authenticator,
  type AuthSettings,
  type CallApproval,
  type Caller,
  type RequestHeaders,
  type ConnectOptions,
  type DescribedTools,
  type DescribeOverride,
  type DescribeOverrides,
  type EnrichmentSettings,
  type GatewayClient,
  type GatewayEvent,
  type GatewayObserver,
  type GatewayConfig,
  type GatewayOptions,
  type GatewaySettings,
  type GatewayTransport,
  type HttpListener,
  type HttpListenOptions,
  type HttpLimits,
  type HttpSettings,
  type LearningScope,
  type LearningSettings,
  type ListingMode,
  type MetricsSource,
  type OAuthSettings,
  type StaticTokenSettings,
  type OpenCatalogue,
  type OpenCatalogueOptions,
  type PolicyEntry,
  type ReplicaMessage,
  type SessionRecord,
  type SessionsSettings,
  type SessionState,
  type SessionStore,
  type PolicyRules,
  type RateLimits,
  type RootSetting,
  type ToolPolicy,
} from "../gateway/index.js";
export {
  FileLockStore,
  ToolPins,
  type DefinitionDiff,
  type OnToolChange,
  type PinEntry,
  type PinnedChange,
  type PinnedDefinition,
  type PinnedField,
  type PinSettings,
  type PinStore,
  type ToolChange,
  type ToolLock,
  type ToolPinsHooks,
} from "../gateway/index.js";
export {
  createGatewayMetrics,
  listenMetrics,
  openAuditLog,
  type AuditFileOptions,
  type AuditLog,
  type AuditLogOptions,
  type AuditRecordOptions,
  type AuditSettings,
  type AuditWriterOptions,
  type GatewayMetrics,
  type GatewayMetricsOptions,
  type MetricsListener,
  type MetricsListenOptions,
} from "../gateway/index.js";
