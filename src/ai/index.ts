export { ToolCallError, aiSdkTools, type AiSdkTools } from "./ai-sdk-tools.js";
