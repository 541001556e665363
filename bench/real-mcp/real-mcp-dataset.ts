import type { ToolDefinition } from "../../src/index.js";
import { contentStems, nameWords, textWords } from "../datasets/content-stems.js";
import type { Dataset, DatasetQuery, DatasetTool, QueryKind } from "../datasets/dataset-format.js";
import type { RealMcpRequest } from "./real-mcp-requests.js";
import type { RealMcpServer } from "./real-mcp-servers.js";

/** One server that started, with the tools it listed (named `<id>__<tool>`). */
export interface ListedServer {
  server: RealMcpServer;
  tools: readonly ToolDefinition[];
}

/** The server of a tool named `<server>__<tool>`, as `fromMcp` names them. */
export function serverOf(name: string): string {
  return name.slice(0, name.indexOf("__"));
}

/**
 * A request's kind, read from it rather than labelled by hand: `multi` when it needs several
 * tools, `unanswerable` when none, `paraphrase` when it shares no content stem with its tool's
 * name and description (the rule toolsift's own set is checked by), else `direct`. A request
 * that names its server ("with playwright") is direct by this rule.
 */
export function requestKind(request: RealMcpRequest, tool: ToolDefinition | undefined): QueryKind {
  if (request.expected.length === 0) return "unanswerable";
  if (request.expected.length > 1) return "multi";
  const own = contentStems([...nameWords(tool?.name ?? ""), ...textWords(tool?.description ?? "")]);
  for (const stem of contentStems(textWords(request.query))) if (own.has(stem)) return "direct";
  return "paraphrase";
}

/**
 * The servers' tools and the requests written for them as one bench dataset. A request that
 * needs a server which did not start is left out with a note, so one missing server costs its
 * own requests only; a request naming a tool its listed server lacks is a mistake in the
 * requests (or a server that changed under its pinned version), and throws.
 *
 * @throws Error naming the request and the tool it names.
 */
export function realMcpDataset(
  listed: readonly ListedServer[],
  requests: readonly RealMcpRequest[],
): { dataset: Dataset; notes: string[] } {
  const byName = new Map(listed.flatMap(({ tools }) => tools.map((tool) => [tool.name, tool] as const)));
  const started = new Set(listed.map(({ server }) => server.id));
  const queries: DatasetQuery[] = [];
  let dropped = 0;
  for (const request of requests) {
    const servers = new Set(request.expected.map(serverOf));
    if ([...servers].some((server) => !started.has(server))) {
      dropped++;
      continue;
    }
    for (const name of request.expected) {
      if (!byName.has(name))
        throw new Error(`the request "${request.query}" names ${name}, which its server does not list.`);
    }
    const kind = requestKind(request, byName.get(request.expected[0] ?? ""));
    queries.push({ query: request.query, expected: [...request.expected], kind });
  }
  const notes = dropped === 0 ? [] : [`${dropped} requests left out: a server they need did not start.`];
  return {
    dataset: {
      source:
        "real-mcp: the tools real MCP servers from npm list (bench/real-mcp/real-mcp-servers.ts), with requests written for toolsift by its developers (bench/real-mcp/real-mcp-requests.ts). Built by npm run bench:real-mcp; not committed.",
      license: "requests: MIT; tools: each server's own licence",
      tools: listed.flatMap(({ tools }) =>
        tools.map((tool) => ({
          name: tool.name,
          description: tool.description ?? "",
          // fromMcp lists JSON Schema objects, never zod ones.
          input_schema: {
            ...(tool.inputSchema as Record<string, unknown>),
            type: "object",
          } as DatasetTool["input_schema"],
        })),
      ),
      queries,
    },
    notes,
  };
}
