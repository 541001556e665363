export { ConfigError } from "./config-error.js";
export { Gateway, type GatewayClient, type GatewayOptions, type GatewayTransport } from "./gateway.js";
export {
  parseGatewayConfig,
  parseGatewaySettings,
  readGatewayConfig,
  readJsonFile,
  type GatewayConfig,
  type GatewaySettings,
} from "./gateway-config.js";
export { listedTools, type ListedTool, type ListingMode } from "./gateway-listing.js";
export {
  DEFAULT_MAX_HTTP_SESSIONS,
  listenHttp,
  MCP_PATH,
  type HttpListener,
  type HttpListenOptions,
} from "./http-listener.js";
export { openCatalogue, rankerFor, type OpenCatalogue, type OpenCatalogueOptions } from "./open-catalogue.js";
export { toolPolicy, type ToolPolicy } from "./tool-policy.js";
