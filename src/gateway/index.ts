export { ConfigError } from "./settings/config-error.js";
export { readBoundedFile } from "./settings/read-bounded-file.js";
export { Redactor } from "./settings/redact.js";
export type { LearningScope, LearningSettings } from "./learning-config.js";
export type { RootSetting } from "./roots-config.js";
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
  type RequestHeaders,
} from "./auth/caller.js";
export { createAuthenticator, resourceMetadataUrl } from "./auth/create-authenticator.js";
export { authenticatorFor } from "./config/authenticator-for.js";
export { OAuthSetupError } from "./auth/issuer-metadata.js";
export { isLoopbackHost } from "./auth/loopback-host.js";
export { GENERATED_TOKEN, hashToken, newToken, TOKEN_PREFIX } from "./auth/static-tokens.js";
export {
  TOKEN_NAME_PATTERN,
  type AuthSettings,
  type OAuthSettings,
  type StaticTokenSettings,
} from "./auth/auth-config.js";
export { fanOut, type CallApproval, type GatewayEvent, type GatewayObserver } from "./observe/gateway-event.js";
export {
  parseGatewayConfig,
  parseGatewaySettings,
  readGatewayConfig,
  defaultCacheDir,
  type ConfigReadOptions,
  type GatewayConfig,
  type GatewaySettings,
} from "./config/gateway-config.js";
export { readJsonFile } from "./settings/read-json-file.js";
export { missStoreFor } from "./miss-store-for.js";
export { listedTools, type ListingMode } from "./listing/gateway-listing.js";
export type { ListedTool } from "./listing/listed-tool.js";
export {
  DEFAULT_MAX_HTTP_SESSIONS,
  listenHttp,
  MCP_PATH,
  type HttpListener,
  type HttpListenOptions,
} from "./http/http-listener.js";
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_SESSIONS_PER_CALLER,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type HttpLimits,
} from "./web/http-limits.js";
export type { HttpSettings } from "./web/http-config.js";
export type { MetricsSource } from "./observe/metrics-source.js";
export { openCatalogue, rankerFor, type OpenCatalogue, type OpenCatalogueOptions } from "./open-catalogue.js";
export { openAuditLog, type AuditLog, type AuditLogOptions, type AuditWriterOptions } from "./observe/audit-log.js";
export type { AuditRecordOptions } from "./observe/audit-record.js";
export type { AuditFileOptions } from "./observe/audit-sink.js";
export { createGatewayMetrics, type GatewayMetrics, type GatewayMetricsOptions } from "./observe/metrics.js";
export {
  listenMetrics,
  METRICS_PATH,
  type MetricsListener,
  type MetricsListenOptions,
} from "./observe/metrics-listener.js";
export type { AuditSettings, ObserveSettings } from "./observe/observe-config.js";
export { toolPolicy, type PolicyRules, type ToolPolicy } from "./policy/tool-policy.js";
export { CallerPolicies } from "./policy/caller-policy.js";
export { escapeVisible } from "./policy/confirmation.js";
export type { PolicyEntry, RateLimits } from "./policy/policies-config.js";
export { compareWithLock, type ChangedTool, type LockComparison } from "./pins/lock-comparison.js";
export { FileLockStore } from "./pins/file-lock-store.js";
export { damagedLockFix } from "./pins/open-tool-pins.js";
export { unattendedServerRequests } from "./pins/unattended-requests.js";
export type { PinStore } from "./pins/pin-store.js";
export type { PinEntry, ToolLock } from "./pins/tool-lock.js";
export {
  ToolPins,
  type OnToolChange,
  type PinnedChange,
  type ToolChange,
  type ToolPinsHooks,
} from "./pins/tool-pins.js";
export type { DefinitionDiff, PinnedField } from "./pins/definition-diff.js";
export type { PinnedDefinition } from "./pins/tool-fingerprint.js";
export type { PinSettings } from "./pins/pins-config.js";
export { openSessionStore } from "./replicas/open-session-store.js";
export { sessionStoreFor } from "./config/session-store-for.js";
export type { SessionStore, SessionRecord, SessionState, ReplicaMessage } from "./replicas/session-store.js";
export type { StoreHealth } from "./replicas/store-health.js";
export type { SessionsSettings } from "./replicas/sessions-config.js";
export type { DescribeOverride, DescribeOverrides } from "./config/describe-config.js";
export type { EnrichmentSettings } from "./config/enrichment-config.js";
export type { DescribedTools } from "./described-tools.js";
