// A small model of OpenAI's automatic prompt caching, for OpenAIApiServerOptions.promptCache.
import type { OpenAIEndpoint } from "./openai-script.js";

/** OpenAI caches prompts of 1024 tokens or more, and reads a cached prefix in steps of 128 tokens. */
const MINIMUM_TOKENS = 1024;
const STEP_TOKENS = 128;
/** Prompts remembered per model; older ones are forgotten, as a real cache evicts. */
const REMEMBERED = 256;
const CHARACTERS_PER_TOKEN = 4;

/** The part of a request the cache sees, in the order the model reads it. */
export function promptOf(endpoint: OpenAIEndpoint, body: Record<string, unknown>): string {
  const parts = endpoint === "chat" ? [body.tools, body.messages] : [body.tools, body.instructions, body.input];
  return parts.map((part) => JSON.stringify(part ?? null)).join("\n");
}

/**
 * A cache: give it each request's model and prompt, and it answers the prompt's tokens and how
 * many of them an earlier prompt's longest shared byte prefix lets it read (0 below 1024,
 * then whole steps of 128), and remembers the prompt.
 */
export function promptCache(): (model: string, prompt: string) => { input: number; cached: number } {
  const seen = new Map<string, string[]>();
  return (model, prompt) => {
    const earlier = seen.get(model) ?? [];
    let shared = 0;
    for (const before of earlier) shared = Math.max(shared, sharedPrefix(before, prompt));
    earlier.push(prompt);
    if (earlier.length > REMEMBERED) earlier.shift();
    seen.set(model, earlier);
    const sharedTokens = Math.floor(shared / CHARACTERS_PER_TOKEN);
    const cached = sharedTokens < MINIMUM_TOKENS ? 0 : sharedTokens - (sharedTokens % STEP_TOKENS);
    return { input: Math.ceil(prompt.length / CHARACTERS_PER_TOKEN), cached };
  };
}

function sharedPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}
