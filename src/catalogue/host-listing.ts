import type { CatalogueError } from "../errors.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { parseCatalogue, type ParseCache, type ParsedEntry } from "./parse-catalogue.js";
import { readsTheSame } from "./read-definition.js";

/**
 * Parses a host's successive listings. Every listing is read again in full (a flag flipped
 * on the same object counts from the next listing), but cheaply: when the listing holds the
 * same definitions at the same positions and each still reads the same, field by field, the
 * last result is reused as it is, with no parse, no duplicate check and no lookups; that
 * keeps a re-listing of 50,000 unchanged tools to a few milliseconds. A definition that
 * changed is parsed again; one that moved is found by identity.
 */
export class HostListing {
  private readonly parsed: ParseCache = new WeakMap();
  private last:
    | {
        items: readonly unknown[];
        entries: readonly (ParsedEntry | undefined)[];
        tools: CatalogueTool[];
        errors: readonly CatalogueError[];
      }
    | undefined;

  parse(listed: readonly unknown[], source: string, onBadTool: (error: CatalogueError) => void): CatalogueTool[] {
    const last = this.last;
    if (last && readsAsBefore(listed, last.items, last.entries)) {
      // Still bad, so still reported: the catalogue decides what is worth a new warning.
      for (const error of last.errors) onBadTool(error);
      return last.tools;
    }
    const entries: (ParsedEntry | undefined)[] = [];
    const errors: CatalogueError[] = [];
    const tools = parseCatalogue(
      listed,
      source,
      (error) => (errors.push(error), onBadTool(error)),
      this.parsed,
      entries,
    );
    const items = copyOf(listed);
    this.last = items && { items, entries, tools, errors };
    return tools;
  }
}

function readsAsBefore(
  listed: readonly unknown[],
  items: readonly unknown[],
  entries: readonly (ParsedEntry | undefined)[],
): boolean {
  try {
    if (listed.length !== items.length) return false;
    for (let index = 0; index < items.length; index++) {
      const item = listed[index];
      const entry = entries[index];
      // An entry means the very same value was read into fields last time: an object.
      if (item !== items[index] || !entry || !readsTheSame(item as object, entry.fields)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The listing's entries, read again to compare the next listing with; `undefined` if they cannot be (a Proxy that throws). */
function copyOf(listed: readonly unknown[]): unknown[] | undefined {
  try {
    return [...listed];
  } catch {
    return undefined;
  }
}
