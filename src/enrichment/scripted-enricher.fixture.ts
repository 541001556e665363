// A scripted model for enrichment tests: it reads which tool a request asks about from the
// prompt, as a real model would, and answers with requests for that tool, so answers match
// their tools whatever order concurrent calls arrive in.
import { reply, type RecordedRequest, type ScriptedReply, type ScriptedTurn } from "../testing/index.js";
import type { OpenAIReply, RecordedOpenAIRequest, ScriptedOpenAITurn } from "../testing/index.js";

/** The data fenced in an enrichment prompt: the tool asked about and those near it. */
export interface PromptData {
  tool: { name: string; description: string; parameters: { name: string; description?: string }[] };
  nearby: { name: string; summary: string }[];
  /** The missed requests, when the prompt is `enrich --from-misses`'s. */
  missed?: string[];
}

/** Reads the fenced JSON of the first user message of a prompt. */
export function promptDataOf(text: string): PromptData {
  const match = /<catalogue>\n([\s\S]*?)\n<\/catalogue>/.exec(text);
  if (!match) throw new Error(`no <catalogue> fence in the prompt: ${text.slice(0, 200)}`);
  return JSON.parse(match[1]!) as PromptData;
}

/** The first user message of an Anthropic or OpenAI request. */
export function promptOf(request: RecordedRequest | RecordedOpenAIRequest): string {
  const messages = request.body.messages as { role: string; content: unknown }[];
  const first = messages.find((message) => message.role === "user");
  return typeof first?.content === "string" ? first.content : "";
}

/** The tool a request asks about. */
export function askedTool(request: RecordedRequest | RecordedOpenAIRequest): string {
  return promptDataOf(promptOf(request)).tool.name;
}

/** A well-formed answer for a tool: `count` distinct requests, two synonyms, no suggestion. */
export function answerFor(name: string, count = 8): string {
  const words = name.replace(/^[^_]*__/, "").replace(/[_-]+/g, " ");
  return JSON.stringify({
    requests: Array.from({ length: count }, (_, index) => `request ${index + 1}: I need to ${words} now`),
    synonyms: [`${words} synonym`, `another word for ${words}`],
  });
}

/**
 * What the scripted model says to the request it is given: `override` may answer instead (an
 * error, a malformed answer); by default, {@link answerFor} the asked tool.
 */
export type EnricherOverride<Reply> = (name: string, call: number, request: RecordedRequest) => Reply | undefined;

/** Turns for the Messages API server: `calls` turns, each answering the tool it is asked about. */
export function anthropicEnricher(
  override: EnricherOverride<ScriptedReply> = () => undefined,
  calls = 400,
  count = 8,
): ScriptedTurn[] {
  return Array.from({ length: calls }, (_, call) => (request: RecordedRequest) => {
    const name = askedTool(request);
    return override(name, call, request) ?? reply.text(answerFor(name, count));
  });
}

/** Turns for the OpenAI server, as {@link anthropicEnricher}. */
export function openAIEnricher(
  override: (name: string, call: number, request: RecordedOpenAIRequest) => OpenAIReply | undefined = () => undefined,
  calls = 400,
  count = 8,
): ScriptedOpenAITurn[] {
  return Array.from({ length: calls }, (_, call) => (request: RecordedOpenAIRequest) => {
    const name = askedTool(request);
    return override(name, call, request) ?? { text: answerFor(name, count) };
  });
}

/**
 * Turns for the Messages API server that answer as a model given missed requests would: the
 * missed requests themselves (the simplest paraphrase), then filler, `count` in all. A prompt
 * without misses is answered by {@link answerFor}.
 */
export function missesEnricher(calls = 400, count = 8): ScriptedTurn[] {
  return Array.from({ length: calls }, () => (request: RecordedRequest) => {
    const data = promptDataOf(promptOf(request));
    const missed = data.missed ?? [];
    if (missed.length === 0) return reply.text(answerFor(data.tool.name, count));
    const filler = JSON.parse(answerFor(data.tool.name, count)) as { requests: string[]; synonyms: string[] };
    const requests = [...missed, ...filler.requests].slice(0, count);
    return reply.text(JSON.stringify({ requests, synonyms: filler.synonyms }));
  });
}
