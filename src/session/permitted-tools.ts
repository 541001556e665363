import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import { fullToolOf, type AnthropicTool } from "../wire/index.js";
import type { DeferrableTool } from "./session-view.js";
import { stubOf } from "./stub.js";

/**
 * What one session may see of one catalogue version, derived once and reused on every turn
 * until the catalogue or the permissions change: a block then costs the tools it shows, not
 * a pass over the whole catalogue.
 */
export interface PermittedTools {
  readonly catalogueVersion: number;
  readonly permissionEpoch: number;
  /** Every permitted tool in full, catalogue order. */
  readonly all: AnthropicTool[];
  /** Permitted keep tools in full, `keepTools` order. */
  readonly keep: AnthropicTool[];
  /** Permitted tools that are not keep tools, with both forms, catalogue order. */
  readonly others: DeferrableTool[];
  /** Names of `others`, for the hydrated tools' lookup. */
  readonly othersByName: ReadonlyMap<string, DeferrableTool>;
  /** Every permitted tool in full, by name. */
  readonly fullByName: ReadonlyMap<string, AnthropicTool>;
  /** Estimated tokens of every permitted tool in full, and of the stubs of `others`. */
  readonly fullTokens: number;
  readonly stubTokens: number;
}

const deferrables = new WeakMap<CatalogueTool, DeferrableTool>();

/** A tool's two forms, memoised per tool so every session and version shares one object. */
function deferrableOf(tool: CatalogueTool): DeferrableTool {
  let deferrable = deferrables.get(tool);
  if (!deferrable)
    deferrables.set(
      tool,
      (deferrable = {
        name: tool.name,
        full: fullToolOf(tool),
        stub: stubOf(tool),
        ...(tool.server === undefined ? {} : { server: tool.server }),
      }),
    );
  return deferrable;
}

/** Runs `isPermitted` once per tool and sums the token estimates of what it allows. */
export function permittedTools(
  snapshot: CatalogueSnapshot,
  permissionEpoch: number,
  keepTools: readonly string[],
  isPermitted: (tool: CatalogueTool) => boolean,
  estimate: (tool: AnthropicTool) => number,
): PermittedTools {
  const keepNames = new Set(keepTools);
  const all: AnthropicTool[] = [];
  const others: DeferrableTool[] = [];
  const othersByName = new Map<string, DeferrableTool>();
  const fullByName = new Map<string, AnthropicTool>();
  let fullTokens = 0;
  let stubTokens = 0;
  for (const tool of snapshot.tools) {
    if (!isPermitted(tool)) continue;
    const deferrable = deferrableOf(tool);
    all.push(deferrable.full);
    fullByName.set(tool.name, deferrable.full);
    fullTokens += estimate(deferrable.full);
    if (keepNames.has(tool.name)) continue;
    others.push(deferrable);
    othersByName.set(tool.name, deferrable);
    stubTokens += estimate(deferrable.stub);
  }
  return {
    catalogueVersion: snapshot.version,
    permissionEpoch,
    all,
    keep: keepTools.flatMap((name) => (keepNames.has(name) && fullByName.has(name) ? [fullByName.get(name)!] : [])),
    others,
    othersByName,
    fullByName,
    fullTokens,
    stubTokens,
  };
}
