// The Responses items a script's tool searches make, and the check that its calls reach only functions the model can see.
import type { Call, ScriptedToolSearch } from "./openai-script.js";
import type { CheckedResponses } from "./openai-request-rules.js";
import { keyOf } from "./openai-tool-search-rules.js";

/** The items of the script's tool searches, and what a hosted search among them loaded; a string for a script the request cannot take. */
export function toolSearchItems(
  searches: readonly ScriptedToolSearch[],
  checked: CheckedResponses,
  nextId: () => number,
): { items: unknown[]; revealed: Set<string> } | string {
  const items: unknown[] = [];
  const revealed = new Set(checked.revealed);
  for (const search of searches) {
    if (checked.search === undefined) return "The script searches tools, but the request has no tool_search tool.";
    const id = nextId();
    if (checked.search === "client") {
      const callId = search.id ?? `call_${id}`;
      items.push({
        type: "tool_search_call",
        id: `tsc_${id}`,
        call_id: callId,
        execution: "client",
        status: "completed",
        arguments: search.arguments,
      });
      continue;
    }
    const loaded: unknown[] = [];
    for (const wanted of search.load ?? []) {
      const key = wanted.includes("/")
        ? wanted
        : [...checked.definitions.keys()].find((known) => known.endsWith(`/${wanted}`));
      const definition = key === undefined ? undefined : checked.definitions.get(key);
      if (!key || !definition)
        return `The script's hosted search loads '${wanted}', which is no deferred tool of the request.`;
      revealed.add(key);
      loaded.push(definition.namespace ? { ...definition.namespace, tools: [definition.tool] } : definition.tool);
    }
    items.push(
      {
        type: "tool_search_call",
        id: `tsc_${id}`,
        call_id: null,
        execution: "server",
        status: "completed",
        arguments: search.arguments,
      },
      {
        type: "tool_search_output",
        id: `tso_${id}`,
        call_id: null,
        execution: "server",
        status: "completed",
        tools: loaded,
      },
    );
  }
  return { items, revealed };
}

/**
 * Fills in each scripted call's namespace and refuses a call to a deferred function no tool
 * search output has loaded: the real model cannot see such a function, so a script that calls
 * one stands for a client that did not load it. Names the request does not define pass as before.
 */
export function checkScriptedCalls(
  calls: Call[],
  checked: CheckedResponses,
  revealed: Set<string>,
): string | undefined {
  for (const call of calls) {
    if (call.namespace === undefined && !checked.loaded.has(keyOf(undefined, call.name))) {
      const namespaces = checked.namespaceOf.get(call.name) ?? [];
      if (namespaces.length === 1) call.namespace = namespaces[0];
    }
    const key = keyOf(call.namespace, call.name);
    if (checked.deferred.has(key) && !revealed.has(key))
      return `The model cannot call '${call.name}': it is deferred ('defer_loading: true') and no tool_search_output in the input has loaded it.`;
  }
  return undefined;
}
