import type { RankDocument } from "../ranker.js";

/** `<endpoint>_for_<api>`: the RapidAPI naming (ToolBench, StableToolBench), one API's endpoints. */
const RAPIDAPI_NAME = /^.+_for_([A-Za-z0-9][A-Za-z0-9_-]*)$/;

/**
 * The family a tool belongs to: its server when it has one, else the server of a namespaced
 * name (`github__create_issue`), else the API of a RapidAPI-style name (`get_contacts_for_crm`);
 * `undefined` when its name says nothing of one.
 */
export function familyOf(document: Pick<RankDocument, "name" | "server">): string | undefined {
  if (document.server !== undefined && document.server !== "") return document.server;
  const separator = document.name.indexOf("__");
  if (separator > 0) return document.name.slice(0, separator);
  return RAPIDAPI_NAME.exec(document.name)?.[1];
}

/**
 * The catalogue's tools by family, kept only for families of two tools or more: a tool alone in
 * its family has no sibling to offer. Rebuilt whole on each update (one pass over the names).
 */
export class ToolFamilies {
  private families = new Map<string, string>();

  sync(documents: readonly Pick<RankDocument, "name" | "server">[]): void {
    const families = new Map<string, string>();
    const sizes = new Map<string, number>();
    for (const document of documents) {
      const family = familyOf(document);
      if (family === undefined) continue;
      families.set(document.name, family);
      sizes.set(family, (sizes.get(family) ?? 0) + 1);
    }
    for (const [name, family] of families) if (sizes.get(family)! < 2) families.delete(name);
    this.families = families;
  }

  /** How many tools share a family with another: 0 for a catalogue whose names carry none. */
  get size(): number {
    return this.families.size;
  }

  /** The tool's family, when another tool shares it. */
  of(name: string): string | undefined {
    return this.families.get(name);
  }
}
