import type { AbortSignalLike } from "../catalogue/index.js";
import type { MessagesClient } from "../wire/index.js";
import { isRecord } from "../util/is-record.js";

/**
 * What enrichment needs of an OpenAI client: `chat.completions.create(body, { signal })`.
 * `new OpenAI()` from the `openai` package is one, and so is any OpenAI-compatible client.
 *
 * @example
 * ```ts
 * const client: ChatCompletionsClient = new OpenAI({ maxRetries: 0 });
 * ```
 */
export interface ChatCompletionsClient {
  chat: {
    completions: {
      create(body: ChatCompletionsRequest, options?: { signal?: AbortSignalLike | null }): PromiseLike<unknown>;
    };
  };
}

/** A Chat Completions request, as enrichment sends it. */
export interface ChatCompletionsRequest {
  model: string;
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  max_completion_tokens: number;
  response_format?: { type: "json_object" };
}

/**
 * A model client enrichment can talk to: the Anthropic SDK's (`messages.create`) or the OpenAI
 * SDK's (`chat.completions.create`), or anything shaped like either. toolsift never loads
 * either SDK: it calls the client it is given.
 *
 * @example
 * ```ts
 * const client: EnrichmentClient = new Anthropic({ maxRetries: 0 });
 * ```
 */
export type EnrichmentClient = MessagesClient | ChatCompletionsClient;

/** Which API a client speaks. */
export type EnrichmentProvider = "anthropic" | "openai";

/** One turn of the conversation with the model. */
export interface ModelTurn {
  role: "user" | "assistant";
  content: string;
}

/** What one model call returned: its text and the tokens it cost (0 when the API says nothing). */
export interface ModelAnswer {
  text: string;
  /** Why the model stopped, as the API says it (`end_turn`, `max_tokens`, `stop`, `length`). */
  stopReason: string | undefined;
  inputTokens: number;
  outputTokens: number;
}

/**
 * The provider of a client: the one named, or the one its shape says. A client with both shapes
 * needs `provider`.
 *
 * @throws {@link TypeError} when the client has neither shape, or both and no `provider`.
 */
export function providerOf(client: unknown, provider: EnrichmentProvider | undefined): EnrichmentProvider {
  const anthropic = typeof (client as MessagesClient | null)?.messages?.create === "function";
  const openai = typeof (client as ChatCompletionsClient | null)?.chat?.completions?.create === "function";
  if (provider === "anthropic" && anthropic) return provider;
  if (provider === "openai" && openai) return provider;
  if (provider !== undefined)
    throw new TypeError(
      `enrichCatalogue: provider is "${provider}" but the client has no ${provider === "anthropic" ? "messages.create" : "chat.completions.create"}. Pass new Anthropic() for "anthropic", new OpenAI() for "openai".`,
    );
  if (anthropic && !openai) return "anthropic";
  if (openai && !anthropic) return "openai";
  throw new TypeError(
    anthropic
      ? 'enrichCatalogue: the client has both messages.create and chat.completions.create; say which to use with provider: "anthropic" or "openai".'
      : "enrichCatalogue: client is neither an Anthropic client (messages.create) nor an OpenAI one (chat.completions.create). Pass new Anthropic() or new OpenAI().",
  );
}

/** The request of one call, whichever the provider. */
export interface ModelRequest {
  model: string;
  system: string;
  turns: readonly ModelTurn[];
  maxTokens: number;
}

/**
 * One model call through the client, its answer read defensively: what comes back is not
 * trusted, so a body of another shape is an answer with no text (which the caller refuses as
 * malformed), not a crash.
 */
export async function askModel(
  client: EnrichmentClient,
  provider: EnrichmentProvider,
  request: ModelRequest,
  signal: AbortSignalLike,
): Promise<ModelAnswer> {
  if (provider === "anthropic") {
    const body: unknown = await (client as MessagesClient).messages.create(
      {
        model: request.model,
        max_tokens: request.maxTokens,
        system: request.system,
        messages: request.turns.map((turn) => ({ role: turn.role, content: turn.content })),
      },
      { signal },
    );
    const reply = (isRecord(body) ? body : {}) as {
      content?: unknown;
      stop_reason?: unknown;
      usage?: { input_tokens?: unknown; output_tokens?: unknown };
    };
    const blocks = Array.isArray(reply.content) ? reply.content : [];
    const text = blocks
      .map((block: unknown) =>
        isRecord(block) && block.type === "text" && typeof block.text === "string" ? block.text : "",
      )
      .join("");
    return {
      text,
      stopReason: typeof reply.stop_reason === "string" ? reply.stop_reason : undefined,
      inputTokens: count(reply.usage?.input_tokens),
      outputTokens: count(reply.usage?.output_tokens),
    };
  }
  const body: unknown = await (client as ChatCompletionsClient).chat.completions.create(
    {
      model: request.model,
      messages: [{ role: "system", content: request.system }, ...request.turns],
      max_completion_tokens: request.maxTokens,
      // JSON mode: the prompt asks for a JSON object, and says "JSON", as the API requires.
      response_format: { type: "json_object" },
    },
    { signal },
  );
  const reply = (isRecord(body) ? body : {}) as {
    choices?: unknown;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const choice = Array.isArray(reply.choices) && isRecord(reply.choices[0]) ? reply.choices[0] : {};
  const message = isRecord(choice.message) ? choice.message : {};
  return {
    text: typeof message.content === "string" ? message.content : "",
    stopReason: typeof choice.finish_reason === "string" ? choice.finish_reason : undefined,
    inputTokens: count(reply.usage?.prompt_tokens),
    outputTokens: count(reply.usage?.completion_tokens),
  };
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}
