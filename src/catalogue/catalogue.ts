import { CatalogueError } from "../errors.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { parseCatalogue } from "./parse-catalogue.js";
import type { ToolDefinition, ToolHost } from "./tool-definition.js";

/** The catalogue at one moment. `version` changes exactly when the tools do. */
export interface CatalogueSnapshot {
  readonly tools: readonly CatalogueTool[];
  readonly byName: ReadonlyMap<string, CatalogueTool>;
  readonly version: number;
}

/**
 * The current tools, from a fixed array or a host whose tools may change at any time.
 *
 * A host is re-listed on every {@link Catalogue.snapshot}; when it hands back the same
 * array as last time nothing is re-parsed, and when it hands back a new one only tools
 * whose definition object changed are parsed again.
 */
export class Catalogue {
  private current: CatalogueSnapshot | undefined;
  private lastListed: readonly ToolDefinition[] | undefined;
  /** Listings are numbered as they start; one that finishes after a newer one is dropped. */
  private listings = 0;
  private appliedListing = 0;
  private readonly parsed = new WeakMap<object, CatalogueTool>();

  private constructor(
    private readonly host: ToolHost | undefined,
    private readonly onBadTool: (error: CatalogueError) => void,
  ) {}

  /** A catalogue of a fixed array of tools; any bad definition throws here. */
  static fromArray(definitions: readonly unknown[]): Catalogue {
    const catalogue = new Catalogue(undefined, () => {});
    catalogue.current = snapshotOf(parseCatalogue(definitions, "tools"), 1);
    return catalogue;
  }

  /** A catalogue listed from a host; bad tools it lists are skipped and reported. */
  static fromHost(host: ToolHost, onBadTool: (error: CatalogueError) => void): Catalogue {
    return new Catalogue(host, onBadTool);
  }

  async snapshot(): Promise<CatalogueSnapshot> {
    if (!this.host) return this.current!;
    const listing = ++this.listings;
    const listed = await this.host.listTools();
    // Two concurrent snapshots (parallel tool calls) must not let an older listing that
    // finished late roll the catalogue back.
    if (this.current && listing < this.appliedListing) return this.current;
    this.appliedListing = listing;
    if (this.current && listed === this.lastListed) return this.current;
    this.lastListed = listed;
    const tools = this.parseListed(listed);
    const previous = this.current;
    if (previous && sameTools(previous.tools, tools)) return previous;
    this.current = snapshotOf(tools, (previous?.version ?? 0) + 1);
    return this.current;
  }

  private parseListed(listed: readonly ToolDefinition[]): CatalogueTool[] {
    if (!Array.isArray(listed)) {
      throw new CatalogueError(
        "invalid_host",
        `The tool host's listTools() resolved to ${typeof listed}, not an array of tool definitions. Fix the host.`,
      );
    }
    return parseCatalogue(listed, "host.listTools()", this.onBadTool, this.parsed);
  }
}

function snapshotOf(tools: readonly CatalogueTool[], version: number): CatalogueSnapshot {
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])), version };
}

function sameTools(a: readonly CatalogueTool[], b: readonly CatalogueTool[]): boolean {
  return (
    a.length === b.length &&
    a.every((tool, index) => {
      const other = b[index]!;
      return tool.name === other.name && tool.contentKey === other.contentKey && tool.definition.execute === other.definition.execute;
    })
  );
}
