export { ToolCallError, aiSdkTools, type AiSdkTools, type AiSdkToolsOptions } from "./ai-sdk-tools.js";
