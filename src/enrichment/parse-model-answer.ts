import { firstSentence } from "../session/index.js";
import { ENRICHMENT_FORMAT, ENRICHMENT_LIMITS, type ToolEnrichment } from "./enrichment-file.js";
import { parseEnrichment } from "./parse-enrichment.js";

/** The longest answer read: more than any N requests need, so a runaway answer is refused. */
export const MAX_ANSWER_CHARS = 256 * 1024;

/** A usable answer, or what is wrong with it (said back to the model when it is asked again). */
export type ParsedAnswer = { ok: true; entry: ToolEnrichment; warnings: string[] } | { ok: false; problem: string };

/**
 * Reads the model's answer for one tool: a JSON object (alone, or in a ```json fence) with
 * `requests`, `synonyms` and an optional `description`. It is checked as a file entry is
 * (by {@link parseEnrichment}, with its limits), and more: requests naming the tool are dropped
 * (they would teach search nothing a name match does not), at most `requests` are kept, and at
 * least half of them must be usable.
 */
export function parseModelAnswer(
  text: string,
  tool: { name: string; description: string },
  hash: string,
  requests: number,
): ParsedAnswer {
  if (text.length > MAX_ANSWER_CHARS)
    return { ok: false, problem: `the answer is ${text.length} characters long, over ${MAX_ANSWER_CHARS}` };
  const json = jsonPart(text);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return {
      ok: false,
      problem: `the answer is not a JSON object (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: "the answer is JSON but not an object" };
  const answer = value as Record<string, unknown>;
  if (!Array.isArray(answer.requests)) return { ok: false, problem: 'the answer has no "requests" array' };
  if (answer.synonyms !== undefined && !Array.isArray(answer.synonyms))
    return { ok: false, problem: '"synonyms" is not an array of strings' };
  const named = nameMatcher(tool.name);
  const raw = answer.requests.slice(0, ENRICHMENT_LIMITS.maxRequests * 4);
  const candidate: Record<string, unknown> = {
    hash,
    requests: raw.filter((request) => typeof request !== "string" || !named(request)),
    synonyms: answer.synonyms ?? [],
  };
  if (answer.description !== undefined && answer.description !== null) candidate.description = answer.description;
  let parsed: ReturnType<typeof parseEnrichment>;
  try {
    parsed = parseEnrichment(
      { format: ENRICHMENT_FORMAT, model: "answer", createdAt: "", tools: { [tool.name]: candidate } },
      "the answer",
    );
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  const entry = parsed.file.tools[tool.name]!;
  const needed = Math.ceil(requests / 2);
  if (entry.requests.length < needed)
    return {
      ok: false,
      problem: `the answer has ${entry.requests.length} usable requests (strings of at most ${ENRICHMENT_LIMITS.maxTextChars} characters, distinct, without the tool's name), fewer than ${needed}`,
    };
  entry.requests = entry.requests.slice(0, requests);
  // A "better" sentence that is the tool's own first sentence is no suggestion.
  if (entry.description !== undefined && entry.description === firstSentence(tool.description))
    delete entry.description;
  const dropped = raw.length - (candidate.requests as unknown[]).length;
  const warnings = [...parsed.warnings];
  if (dropped > 0) warnings.push(`${dropped} request${dropped === 1 ? "" : "s"} named the tool and were left out.`);
  return { ok: true, entry, warnings };
}

/** The JSON of an answer: inside a ``` fence when there is one, else from the first `{` to the last `}`. */
function jsonPart(text: string): string {
  const fence = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(text);
  if (fence) return fence[1]!.trim();
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start >= 0 && end > start ? text.slice(start, end + 1) : text.trim();
}

/**
 * Whether a request names the tool: its name, or the part after `server__`, as an identifier
 * (with `_`, `-` or camelCase), which no user types. "create an issue" stays: that is how users speak.
 */
function nameMatcher(name: string): (request: string) => boolean {
  const bare = name.includes("__") ? name.slice(name.indexOf("__") + 2) : name;
  const forms = [...new Set([name, bare])]
    .filter((form) => /[_-]|[a-z][A-Z]/.test(form))
    .map((form) => form.toLowerCase());
  return (request) => {
    const lower = request.toLowerCase();
    return forms.some((form) => lower.includes(form));
  };
}
