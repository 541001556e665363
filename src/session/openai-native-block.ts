import {
  namespaceNameOf,
  openAIResponsesToolOf,
  type OpenAIResponsesDeferredTool,
  type OpenAIResponsesNamespaceTool,
  type OpenAIResponsesNativeTool,
  type OpenAIResponsesToolSearchOutput,
  type OpenAIToolSearchTool,
} from "../wire/index.js";
import type { NativeSearch } from "./native-presentation-options.js";
import { normalizeServerName } from "./server-scope.js";
import type { DeferrableTool, SessionView } from "./session-view.js";

/** The description of the client-executed `tool_search` tool. */
export const OPENAI_TOOL_SEARCH_DESCRIPTION =
  "Search the tools of every namespace by what you want to do. Their definitions are not loaded yet: " +
  "this finds the ones that fit and loads them, so you can call them right after. " +
  'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/** How many tool names a namespace's description gives as examples. */
const NAMES_IN_DESCRIPTION = 8;

interface NamespacePlan {
  /** Namespaces in order of their first tool in the catalogue, each with its tools in catalogue order. */
  groups: { name: string; server: string | undefined; tools: DeferrableTool[] }[];
  /** The namespace of each deferred tool. */
  byTool: Map<string, string>;
}

const plans = new WeakMap<SessionView, NamespacePlan>();

/**
 * One namespace per server, a default one for tools of none, named so that no namespace
 * shares a name with a tool that stays loaded. A pure function of the view, so an unchanged
 * catalogue gives the same names (and bytes) on every turn.
 */
function planOf(view: SessionView): NamespacePlan {
  let plan = plans.get(view);
  if (plan) return plan;
  const taken = new Set(view.keep.map((tool) => tool.name));
  const byServer = new Map<string | undefined, NamespacePlan["groups"][number]>();
  const byTool = new Map<string, string>();
  for (const tool of view.others) {
    let group = byServer.get(tool.server);
    if (!group)
      byServer.set(
        tool.server,
        (group = { name: namespaceNameOf(tool.server, taken), server: tool.server, tools: [] }),
      );
    group.tools.push(tool);
    byTool.set(tool.name, group.name);
  }
  plans.set(view, (plan = { groups: [...byServer.values()], byTool }));
  return plan;
}

function deferredOf(tool: DeferrableTool): OpenAIResponsesDeferredTool {
  return { ...openAIResponsesToolOf(tool.full), defer_loading: true };
}

function describe(group: NamespacePlan["groups"][number]): string {
  const names = group.tools.slice(0, NAMES_IN_DESCRIPTION).map((tool) => tool.name);
  const more = group.tools.length > names.length ? ", …" : "";
  const owner = group.server === undefined ? "Tools that belong to no server" : `Tools of the ${group.server} server`;
  return `${owner} (${group.tools.length}), such as ${names.join(", ")}${more}.`;
}

/**
 * OpenAI's native tool search in the Responses layout: the `tool_search` tool, the keep tools
 * loaded, and every other permitted tool in full with `defer_loading: true` inside its server's
 * namespace. The array does not change when a search loads tools (OpenAI places what a
 * `tool_search_output` loads at the end of the context), so it stays byte-identical, and
 * cached, for the whole session. Below the threshold every tool ships in full, with no search.
 *
 * @example
 * ```ts
 * openAINativeBlock(await session.view(), "client");
 * // [{ type: "tool_search", execution: "client", … }, ...keepTools, { type: "namespace", name: "github", tools: [{ …, defer_loading: true }] }]
 * ```
 */
export function openAINativeBlock(view: SessionView, search: NativeSearch): OpenAIResponsesNativeTool[] {
  if (!view.progressive) return view.all.map(openAIResponsesToolOf);
  const searchTool: OpenAIToolSearchTool =
    search === "hosted"
      ? { type: "tool_search", execution: "server" }
      : {
          type: "tool_search",
          execution: "client",
          description: OPENAI_TOOL_SEARCH_DESCRIPTION,
          parameters: { ...view.searchTool.input_schema },
        };
  const namespaces = planOf(view).groups.map(
    (group): OpenAIResponsesNamespaceTool => ({
      type: "namespace",
      name: group.name,
      description: describe(group),
      tools: group.tools.map(deferredOf),
    }),
  );
  return [searchTool, ...view.keep.map(openAIResponsesToolOf), ...namespaces];
}

/**
 * The namespace names of a view's block that are not their server's own name (normalized),
 * each to its server's: a `server:` term of a native search may give either. Tools of no
 * server have no server to restrict to, so their namespace is left out.
 *
 * @example
 * ```ts
 * namespaceAliases(view); // Map { "github_2" => "github" } when a kept tool is called "github"
 * ```
 */
export function namespaceAliases(view: SessionView): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const group of planOf(view).groups) {
    if (group.server === undefined) continue;
    const namespace = normalizeServerName(group.name);
    const server = normalizeServerName(group.server);
    if (namespace !== server) aliases.set(namespace, server);
  }
  return aliases;
}

/**
 * The `tool_search_output` that loads `names` (best first): each found tool exactly as the
 * block defers it, inside its namespace, namespaces in the order of their best tool. Names the
 * view does not defer (keep tools, tools gone or denied) are left out.
 */
export function toolSearchOutputOf(
  callId: string | null,
  view: SessionView,
  names: readonly string[],
): OpenAIResponsesToolSearchOutput {
  const plan = planOf(view);
  const deferred = new Map(view.others.map((tool) => [tool.name, tool]));
  const groups = new Map<string, OpenAIResponsesNamespaceTool>();
  for (const name of names) {
    const tool = deferred.get(name);
    const namespace = plan.byTool.get(name);
    if (!tool || namespace === undefined) continue;
    let group = groups.get(namespace);
    if (!group) {
      const planned = plan.groups.find((candidate) => candidate.name === namespace)!;
      groups.set(
        namespace,
        (group = { type: "namespace", name: namespace, description: describe(planned), tools: [] }),
      );
    }
    group.tools.push(deferredOf(tool));
  }
  return {
    type: "tool_search_output",
    call_id: callId,
    execution: "client",
    status: "completed",
    tools: [...groups.values()],
  };
}
