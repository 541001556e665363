/**
 * A Gemini call read back in the catalogue's terms: a tool renamed for Gemini (see
 * `wire/gemini-names.ts`) found by its Gemini name, and renamed properties of its args given
 * their real names, before anything is validated or run.
 *
 * @module
 */
import type { CatalogueSnapshot, CatalogueTool } from "../../catalogue/index.js";
import { fullToolOf } from "../anthropic/anthropic.js";
import type { ReadToolCall } from "../read-fields.js";
import { geminiDeclarationOf } from "./gemini.js";
import { geminiFunctionName } from "./gemini-names.js";
import { restoreArguments } from "./gemini-schema.js";

const renamedTools = new WeakMap<CatalogueSnapshot, ReadonlyMap<string, CatalogueTool>>();

/** The tool a name from Gemini stands for: the tool of that name, else the one renamed to it. */
export function toolByGeminiName(snapshot: CatalogueSnapshot, name: string): CatalogueTool | undefined {
  const own = snapshot.byName.get(name);
  if (own) return own;
  let renamed = renamedTools.get(snapshot);
  if (!renamed) {
    const map = new Map<string, CatalogueTool>();
    for (const tool of snapshot.tools) {
      const wire = geminiFunctionName(tool.name);
      // Two tools renamed alike: the first keeps the name (as the block shows it first).
      if (wire !== tool.name && !map.has(wire) && !snapshot.byName.has(wire)) map.set(wire, tool);
    }
    renamedTools.set(snapshot, (renamed = map));
  }
  return renamed.get(name);
}

/** A read Gemini call with the tool's real name and its args' real property names. */
export function resolveGeminiCall(call: ReadToolCall, snapshot: CatalogueSnapshot): ReadToolCall {
  const tool = toolByGeminiName(snapshot, call.name);
  if (!tool) return call;
  const { renames } = geminiDeclarationOf(fullToolOf(tool)).conversion;
  return {
    ...call,
    name: tool.name,
    input: call.input === undefined ? undefined : restoreArguments(call.input, renames),
  };
}
