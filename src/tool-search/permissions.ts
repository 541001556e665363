import type { Catalogue, CatalogueSnapshot, CatalogueTool, ToolContext, ToolDefinition } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import { permittedTools, type PermittedTools, type UnavailableSource } from "../session/index.js";
import type { AnthropicTool } from "../wire/index.js";

/**
 * How many sessions' permitted tools are kept derived. Each holds references to every tool it
 * may see, so the cap bounds memory with a large catalogue and many sessions; a session past it
 * derives its tools again on its next block.
 */
const PERMITTED_CACHE_SIZE = 64;

/**
 * What each caller may see: `permit`, asked safely (a throw denies), the permitted tools of a
 * block derived once per catalogue version and permission change, and the unready servers a
 * caller may be told of.
 */
export class Permissions {
  /** Bumped by {@link refresh}: block-stage permit answers older than it are asked again. */
  private epoch = 0;
  /**
   * Each session's permitted tools, recently used last, at most {@link PERMITTED_CACHE_SIZE}:
   * a block derives them once per catalogue version instead of once per turn. Without a
   * `permit` callback every session sees the same tools, so one entry serves them all.
   */
  private readonly cache = new Map<string, PermittedTools>();

  constructor(
    private readonly permit: ((tool: ToolDefinition, context: ToolContext) => boolean) | undefined,
    private readonly keepTools: readonly string[],
    private readonly estimate: (tool: AnthropicTool) => number,
    private readonly emit: (event: ToolSearchEvent) => void,
  ) {}

  isPermitted(tool: CatalogueTool, context: ToolContext): boolean {
    if (!this.permit) return true;
    try {
      return this.permit(tool.definition, context) === true;
    } catch (error) {
      this.emit({
        type: "warning",
        code: "permit_failed",
        message: `permit() threw for ${tool.name}, so it was denied: ${String(error)}`,
      });
      return false;
    }
  }

  /** The tools a block of this context may show, derived once per catalogue version and permission epoch. */
  permittedTools(snapshot: CatalogueSnapshot, context: ToolContext): PermittedTools {
    const key = this.permit ? (context.sessionId ?? "") : "";
    const cached = this.cache.get(key);
    this.cache.delete(key);
    const fresh =
      cached && cached.catalogueVersion === snapshot.version && cached.permissionEpoch === this.epoch
        ? cached
        : permittedTools(
            snapshot,
            this.epoch,
            this.keepTools,
            (tool) => this.isPermitted(tool, context),
            this.estimate,
          );
    this.cache.set(key, fresh);
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= PERMITTED_CACHE_SIZE) break;
      this.cache.delete(oldest);
    }
    return fresh;
  }

  /** Asks `permit` again on the next block of every session. */
  refresh(): void {
    this.epoch++;
    this.cache.clear();
  }

  /** Forgets a session's derived tools. */
  forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  /**
   * The host's unready servers that `context` may know of: a server whose last listed tools
   * `permit` hides, every one of them, is not named (a server never listed cannot be judged, so
   * it is). Never rejects.
   */
  async unavailableFor(catalogue: Catalogue, context: ToolContext): Promise<UnavailableSource[]> {
    const sources = await catalogue.sourceStatus();
    return sources.flatMap(({ server, state, error }) => {
      const known = catalogue.lastListed(server);
      if (known && !known.some((tool) => this.isPermitted(tool, context))) return [];
      const named: UnavailableSource = { server, state: state === "connecting" ? "connecting" : "down" };
      if (error !== undefined) named.error = error;
      return [named];
    });
  }
}
