import { CatalogueError, errorText } from "../errors.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { HostListing } from "./host-listing.js";
import { describeMends, type SchemaMends } from "./mend-schema.js";
import { parseCatalogue } from "./parse-catalogue.js";
import { unreadySources } from "./source-status.js";
import type { ToolHost, ToolSourceStatus } from "./tool-definition.js";

/** The catalogue at one moment. `version` changes exactly when the tools do. */
export interface CatalogueSnapshot {
  readonly tools: readonly CatalogueTool[];
  readonly byName: ReadonlyMap<string, CatalogueTool>;
  readonly version: number;
}

/** How a host's catalogue reports what it skipped or could not list: a stable code and a message. */
export type CatalogueWarning = (code: string, message: string) => void;

/**
 * The current tools, from a fixed array or a host whose tools may change at any time.
 *
 * A host is re-listed on every {@link Catalogue.snapshot}, and every definition it lists is
 * read again (a few property reads each), so a flag flipped on the same object counts from
 * the next listing; only the expensive part, checking a schema, is reused while a definition
 * reads the same. Nothing a host does stops the session: a bad tool is skipped with a
 * warning, and a listing that fails or is not an array keeps the last good catalogue.
 */
export class Catalogue {
  private current: CatalogueSnapshot | undefined;
  /** Listings are numbered as they start; one that finishes after a newer one is dropped. */
  private listings = 0;
  private appliedListing = 0;
  private readonly listing = new HostListing();
  /** What the last listing warned about: a tool that stays bad is reported once, not on every listing. */
  private warned: ReadonlySet<string> = new Set();
  /**
   * The tools each server had when it last had any, so that a server that is down now can still
   * be told apart from one `permit` hides entirely. One entry per server name a tool carried.
   */
  private readonly lastListedByServer = new Map<string, readonly CatalogueTool[]>();
  /** The last sourceStatus() failure warned about, so a host that keeps failing warns once. */
  private statusProblem: string | undefined;

  private constructor(
    private readonly host: ToolHost | undefined,
    private readonly warn: CatalogueWarning,
  ) {}

  /**
   * A catalogue of a fixed array of tools; any bad definition throws a {@link CatalogueError}
   * here, and each schema that had to be mended is reported once through `warn`.
   */
  static fromArray(definitions: readonly unknown[], warn: CatalogueWarning = () => {}): Catalogue {
    const catalogue = new Catalogue(undefined, warn);
    const tools = parseCatalogue(definitions, "tools");
    for (const tool of tools) if (tool.mends) warn("schema_mended", mendedMessage(tool.name, tool.mends));
    catalogue.current = snapshotOf(tools, 1);
    return catalogue;
  }

  /** A catalogue listed from a host; bad tools it lists are skipped and reported. */
  static fromHost(host: ToolHost, warn: CatalogueWarning): Catalogue {
    return new Catalogue(host, warn);
  }

  /** The last snapshot taken, without listing again: `undefined` before a host's first listing. */
  latest(): CatalogueSnapshot | undefined {
    return this.current;
  }

  /**
   * The catalogue now. For a host, it lists again; only the very first listing can fail
   * (with a {@link CatalogueError}): after that, a failed listing serves the last good one.
   */
  async snapshot(): Promise<CatalogueSnapshot> {
    if (!this.host) return this.current!;
    const listing = ++this.listings;
    let tools: CatalogueTool[];
    try {
      tools = await this.list();
    } catch (error) {
      const failure =
        error instanceof CatalogueError
          ? error
          : new CatalogueError("host_list_failed", `The tool host's listTools() failed: ${errorText(error)}.`, {
              cause: error,
            });
      if (!this.current) throw failure;
      this.warn(failure.code, `${failure.message} The last good list of tools stays in use.`);
      return this.current;
    }
    // Two concurrent snapshots (parallel tool calls) must not let an older listing that
    // finished late roll the catalogue back.
    if (this.current && listing < this.appliedListing) return this.current;
    this.appliedListing = listing;
    const previous = this.current;
    if (previous && sameTools(previous.tools, tools)) return previous;
    this.current = snapshotOf(tools, (previous?.version ?? 0) + 1);
    this.rememberServers(tools);
    return this.current;
  }

  /**
   * The host's sources that are not ready, from its optional `sourceStatus()` (which may wait a
   * little for sources still connecting), checked and bounded. Never rejects: a host without it,
   * or whose answer cannot be read, counts as all ready (with a warning, once per problem).
   */
  async sourceStatus(): Promise<ToolSourceStatus[]> {
    const host = this.host;
    let reported: unknown;
    try {
      const read = host?.sourceStatus;
      if (typeof read !== "function") return [];
      reported = await read.call(host);
    } catch (error) {
      this.statusFailed(
        `The tool host's sourceStatus() failed (${errorText(error)}), so no server is named as unavailable.`,
      );
      return [];
    }
    if (!Array.isArray(reported)) {
      this.statusFailed(
        `The tool host's sourceStatus() resolved to ${reported === null ? "null" : typeof reported}, not an array. Fix the host.`,
      );
      return [];
    }
    this.statusProblem = undefined;
    return unreadySources(reported);
  }

  /** The tools `server` had when it last had any; `undefined` if no listing had a tool of it. */
  lastListed(server: string): readonly CatalogueTool[] | undefined {
    return this.lastListedByServer.get(server);
  }

  private rememberServers(tools: readonly CatalogueTool[]): void {
    const byServer = new Map<string, CatalogueTool[]>();
    for (const tool of tools) {
      if (tool.server === undefined) continue;
      const group = byServer.get(tool.server);
      if (group) group.push(tool);
      else byServer.set(tool.server, [tool]);
    }
    for (const [server, group] of byServer) {
      // Re-inserted, so the Map's order is recency and the cap drops the server unseen longest.
      this.lastListedByServer.delete(server);
      this.lastListedByServer.set(server, group);
    }
    for (const oldest of this.lastListedByServer.keys()) {
      if (this.lastListedByServer.size <= MAX_REMEMBERED_SERVERS) break;
      this.lastListedByServer.delete(oldest);
    }
  }

  private statusFailed(message: string): void {
    if (message === this.statusProblem) return;
    this.statusProblem = message;
    this.warn("host_status_failed", message);
  }

  private async list(): Promise<CatalogueTool[]> {
    const listed: unknown = await this.host!.listTools();
    if (!Array.isArray(listed)) {
      throw new CatalogueError(
        "invalid_host",
        `The tool host's listTools() resolved to ${listed === null ? "null" : typeof listed}, not an array of tool definitions. Fix the host.`,
      );
    }
    const warned = new Set<string>();
    const report = (code: string, message: string) => {
      warned.add(message);
      if (!this.warned.has(message)) this.warn(code, message);
    };
    const tools = this.listing.parse(listed, "host.listTools()", (error) =>
      report(error.code, `A tool from the host was skipped: ${error.message}`),
    );
    for (const tool of tools) if (tool.mends) report("schema_mended", mendedMessage(tool.name, tool.mends));
    this.warned = warned;
    return tools;
  }
}

/** The `schema_mended` warning of a tool: what was mended, and that the fix belongs at the source. */
function mendedMessage(name: string, mends: SchemaMends): string {
  return (
    `The input schema of "${name}" was mended so that its inputs can be checked: ${describeMends(mends)}. ` +
    "The tool uses the mended schema; fix the schema where the tool is defined to silence this warning."
  );
}

/** How many servers' last tools are remembered; a host that invents server names cannot grow the memory past it. */
const MAX_REMEMBERED_SERVERS = 1024;

function snapshotOf(tools: readonly CatalogueTool[], version: number): CatalogueSnapshot {
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])), version };
}

/** Same tools in the same order: same names, same content (schema and flags included), same `execute`. */
function sameTools(a: readonly CatalogueTool[], b: readonly CatalogueTool[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((tool, index) => {
        const other = b[index]!;
        return (
          tool.name === other.name &&
          tool.contentKey === other.contentKey &&
          tool.fields.execute === other.fields.execute
        );
      }))
  );
}
