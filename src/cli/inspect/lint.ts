import { splitIdentifier, analyzeIdentifier, analyzeText } from "../../for-apps.js";
import { firstSentence } from "../../for-apps.js";
import type { Embedder, ToolDefinition, ToolSearch } from "../../index.js";
import type { Finding } from "./finding.js";
import { keywordStuffing } from "./keyword-stuffing.js";
import { differentOperations } from "./name-operation.js";
import { cosine, lexicalPairs, type SimilarPair } from "./similarity.js";

/**
 * How alike two tools must be to be reported as a pair a model will confuse: `lexical` and
 * `embedding` both, or `lexicalAlone`. Chosen by reading the pairs these flag in the example
 * catalogue (none) and the bench's public tool sets (BFCL v4: about 100 pairs of 1,437 tools,
 * such as two "area of a circle" tools; Seal-Tools: about 50 in its first 2,000, such as
 * createEvent and createFashionEvent), where pairs below them were mostly tools that differ in
 * what they act on. `embedding` is in the bundled model's scale: GloVe's 0.93 flagged 98 and 48
 * of those pairs; the USE-lite model flags as many between 0.905 and 0.92, and 107 and 57 at 0.9.
 */
export const NEAR_DUPLICATE = { lexical: 0.75, embedding: 0.9, lexicalAlone: 0.9 } as const;
/** How deep the self-search looks for a tool. */
const SELF_SEARCH_DEPTH = 10;

/** What {@link lintCatalogue} checks, and with what. */
export interface LintInput {
  /** The tools to check (those a client would see). */
  tools: readonly ToolDefinition[];
  toolSearch: ToolSearch;
  /** For the embedding side of near-duplicates; without one, pairs are found lexically only. */
  embedder: Embedder | undefined;
}

/** What the lint looked at, for the report. */
export interface LintCoverage {
  /** Whether near-duplicates were confirmed by an embedding model (else lexically only). */
  embedding: boolean;
}

/**
 * The description lint: descriptions missing, cut short in the stub, only repeating the name or
 * stuffed with keywords;
 * near-duplicate pairs; tools that do not come first when searched by their own first sentence or
 * their own name. Findings come tool by tool in catalogue order, pairs last.
 */
export async function lintCatalogue(input: LintInput): Promise<{ findings: Finding[]; coverage: LintCoverage }> {
  const { tools, toolSearch } = input;
  const findings: Finding[] = [];
  for (const tool of tools) {
    findings.push(...describeProblems(tool));
    const sentence = firstSentence(tool.description).replace(/…$/, "").slice(0, 500);
    // With its server: the model sees (and would search by) the whole name.
    const byName = splitIdentifier(tool.name).join(" ");
    for (const [query, code, what] of [
      [sentence, "not-first-by-sentence", "its own first sentence"],
      [byName, "not-first-by-name", `its own name ("${byName}")`],
    ] as const) {
      if (query.trim() === "") continue;
      const matches = (await toolSearch.search(query, { limit: SELF_SEARCH_DEPTH })).map((match) => match.name);
      const rank = matches.indexOf(tool.name);
      if (rank === 0) continue;
      const ahead = (rank < 0 ? matches : matches.slice(0, rank)).slice(0, 3);
      findings.push({
        severity: "warning",
        code,
        tools: [tool.name],
        message:
          (rank < 0
            ? `is not in the top ${SELF_SEARCH_DEPTH} when searched by ${what}`
            : `comes ${ordinal(rank + 1)} when searched by ${what}`) +
          (ahead.length > 0 ? `, after ${ahead.join(", ")}` : "") +
          ". Make its first sentence say what it does that the others do not.",
      });
    }
  }
  findings.push(...(await nearDuplicates(tools, input.embedder)));
  return { findings, coverage: { embedding: input.embedder !== undefined } };
}

/** Problems of one description on its own. */
function describeProblems(tool: ToolDefinition): Finding[] {
  const found: Finding[] = [];
  const report = (severity: Finding["severity"], code: string, message: string) =>
    found.push({ severity, code, tools: [tool.name], message });
  if (
    tool.server !== undefined &&
    tool.description === `Tool ${tool.name.slice(tool.server.length + 2)} of server ${tool.server}.`
  ) {
    report(
      "error",
      "missing-description",
      "has no description (its server gave none). Its stub says nothing but its name; ask the server's authors for one.",
    );
    return found;
  }
  const sentence = firstSentence(tool.description);
  const whole = tool.description.trim().replace(/\s+/g, " ");
  if (sentence.endsWith("…") && !whole.startsWith(sentence)) {
    report(
      "warning",
      "long-first-sentence",
      `has a first sentence over 160 characters, which its stub cuts to "${sentence}". Put what it does in a short first sentence.`,
    );
  }
  const said = analyzeText(sentence);
  const named = new Set(analyzeIdentifier(tool.name));
  if (said.every((term) => named.has(term))) {
    report(
      "warning",
      "name-only-sentence",
      `has a first sentence that only repeats its name ("${sentence}"). Say what it acts on, what it returns and when to use it: a stub shows nothing else.`,
    );
  }
  found.push(...keywordStuffing(tool));
  return found;
}

/**
 * Pairs a model will confuse: lexically close (TF-IDF cosine of name words and description) and
 * close in meaning too (embedding cosine), or lexically almost the same on their own. The
 * embedding alone is not trusted: a static model gives near-equal vectors to texts of words it
 * does not know. Two tools whose names say different operations on the same thing (`kv_get`,
 * `kv_put`) are not such a pair, however alike their descriptions: a model picks by the verb.
 */
async function nearDuplicates(tools: readonly ToolDefinition[], embedder: Embedder | undefined): Promise<Finding[]> {
  const documents = tools.map((tool) => ({ name: nameWords(tool.name).join(" "), description: tool.description }));
  const close = lexicalPairs(documents, NEAR_DUPLICATE.lexical).filter(
    (pair) => !differentOperations(nameWords(tools[pair.a]!.name), nameWords(tools[pair.b]!.name)),
  );
  let semantic: (pair: SimilarPair) => number | undefined = () => undefined;
  if (embedder && close.length > 0) {
    const involved = [...new Set(close.flatMap((pair) => [pair.a, pair.b]))];
    const vectors = await embedder.embed(
      involved.map((index) => `${documents[index]!.name}: ${documents[index]!.description}`),
    );
    const vectorOf = new Map(involved.map((index, position) => [index, vectors[position]!]));
    semantic = (pair) => cosine(vectorOf.get(pair.a)!, vectorOf.get(pair.b)!);
  }
  return close
    .map((pair) => ({ pair, embedding: semantic(pair) }))
    .filter(
      ({ pair, embedding }) =>
        pair.score >= NEAR_DUPLICATE.lexicalAlone || (embedding !== undefined && embedding >= NEAR_DUPLICATE.embedding),
    )
    .sort((x, y) => x.pair.a - y.pair.a || x.pair.b - y.pair.b)
    .map(({ pair, embedding }) => ({
      severity: "warning" as const,
      code: "near-duplicate",
      tools: [tools[pair.a]!.name, tools[pair.b]!.name],
      message:
        `are near-duplicates (lexical ${pair.score.toFixed(2)}${embedding === undefined ? "" : `, embedding ${embedding.toFixed(2)}`}): a model will confuse them. ` +
        "Say in each first sentence when to use it rather than the other, or hide one with deny.",
    }));
}

/** A tool's name as words, without its server prefix: what it says it does. */
function nameWords(name: string): string[] {
  const split = name.indexOf("__");
  return splitIdentifier(split > 0 ? name.slice(split + 2) : name);
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
