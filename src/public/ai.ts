/**
 * `toolsift/ai`: a tool search session's tools for the Vercel AI SDK (`ai` 6 or 7), kept current
 * between steps. A subpath of its own, so `import "toolsift"` never needs `ai` or its types.
 *
 * @module
 */
export { ToolCallError, aiSdkTools, type AiSdkTools, type AiSdkToolsOptions } from "../ai/ai-sdk-tools.js";
