import { errorText } from "../../errors.js";
import type { ToolDefinition, ToolSearch } from "../../index.js";
import type { McpHostEvent, McpToolHost } from "../../public/mcp.js";
import { addedDiff, definitionDiff, type DefinitionDiff, type PinnedField } from "./definition-diff.js";
import type { PinStore } from "./pin-store.js";
import { FingerprintCache, pinnedDefinitionOf } from "./tool-fingerprint.js";
import { pinEntryOf, type PinEntry } from "./tool-lock.js";

/**
 * What the gateway does with a tool whose definition changed since it was pinned (or that is new
 * to a server with pins): `warn` serves it as it now is (and says so), `hide` withholds it (not
 * listed, found or run) until it is re-pinned, `reapprove` lists and finds it with its pinned
 * definition (a new one not at all) and runs its next call only after the user accepts the change.
 */
export type OnToolChange = "warn" | "hide" | "reapprove";

/**
 * A pinned tool whose definition changed, or a tool new to a server whose tools are pinned (a
 * pinned tool back under another name is one): reported once per new definition.
 */
export interface ToolChange {
  server: string;
  /** The catalogue name (`server__tool`). */
  tool: string;
  /** `added`: no pin of that name, on a server that has pins; `changed`: it differs from its pin. */
  kind: "added" | "changed";
  /** What differs from the pin; for an added tool, every field it has. */
  fields: PinnedField[];
  policy: OnToolChange;
  /** The change as one log line, naming server, tool, fields and what happens now. */
  message: string;
}

/** A tool that differs from its pin now (or has none, on a server that has pins), and how. */
export interface PinnedChange {
  /** `undefined`: the tool is new to a server whose tools are pinned. */
  entry: PinEntry | undefined;
  /** The hash of the definition served now. */
  sha256: string;
  diff: DefinitionDiff;
}

/** What {@link ToolPins} is told and asked. */
export interface ToolPinsHooks {
  /** A pinned tool's definition changed (once per definition). */
  changed(change: ToolChange): void;
  /** The pins were replaced from outside (a `toolsift pin`): what is served may differ now. */
  reloaded(): void;
  /** Problems that do not stop serving (a lock that cannot be written). */
  warn(line: string): void;
  /** The config file, for messages that say how to review and re-pin. */
  readonly configFile: string;
}

/**
 * The pins of a serving gateway. The tools of a server the store holds no pin of are pinned when
 * first seen (in memory at once, in the store soon after): trust on first use, per server. Once a
 * server has pins in the store, its lock is what was reviewed: a pinned tool whose definition hash
 * differs, and a tool that has no pin (new, or a pinned one back under another name, which no
 * fingerprint match could catch once its text changes too), are reported and judged by the
 * policy; only `toolsift pin` or the user's approval pins them. Lookups are synchronous (the hash
 * is computed once per definition object), so `permit` can ask on every listing and search.
 */
export class ToolPins {
  private pins: Map<string, PinEntry>;
  /** The servers the store holds pins of: a tool of theirs without a pin is new, not first seen. */
  private locked = new Set<string>();
  /**
   * Servers whose first pins could not be written: locked all the same (fail closed), or every tool
   * they add would count as first seen for as long as the store cannot be written.
   */
  private readonly unwritten = new Set<string>();
  /** Pinned here and not yet saved: kept over a reload, written at the next save. */
  private readonly unsaved = new Set<string>();
  /** The definition hash last reported changed, per tool: each new definition is reported once. */
  private readonly reported = new Map<string, string>();
  private readonly hashes = new FingerprintCache();
  /** Under `reapprove`, each changed tool as clients are shown it (its pinned text), by the server's definition. */
  private readonly shown = new WeakMap<ToolDefinition, { entry: PinEntry; tool: ToolDefinition }>();
  /** The server's definition behind each tool of {@link shown}. */
  private readonly shownFrom = new WeakMap<ToolDefinition, ToolDefinition>();
  /** Bumped whenever the pins change: what {@link presented} gives may differ since. */
  private version = 0;
  private saving: Promise<void> = Promise.resolve();
  private scheduled = false;
  private writeFailed = false;
  private unwatch: () => void = () => {};
  private host: McpToolHost | undefined;
  private toolSearch: ToolSearch | undefined;

  private constructor(
    private readonly store: PinStore,
    readonly policy: OnToolChange,
    private readonly hooks: ToolPinsHooks,
    loaded: ReadonlyMap<string, PinEntry>,
  ) {
    this.pins = new Map(loaded);
    this.locked = serversOf(loaded);
  }

  /**
   * Loads the pins of a store.
   * @throws `ConfigError` for a damaged lock: serving on it would trust an unknown set of pins.
   */
  static async open(store: PinStore, policy: OnToolChange, hooks: ToolPinsHooks): Promise<ToolPins> {
    return new ToolPins(store, policy, hooks, await store.load());
  }

  /**
   * Follows a catalogue: its host names the original MCP names the lock records, its re-lists are
   * checked as they happen (so a change is logged even before a client asks for the tool), and its
   * tool search re-asks `permit` when the pins are replaced from outside. Checks what it lists now.
   *
   * @returns What to call with each of the host's events.
   */
  follow(host: McpToolHost, toolSearch: ToolSearch): (event: McpHostEvent) => void {
    this.host = host;
    this.toolSearch = toolSearch;
    this.unwatch = this.store.watch?.(() => void this.reload()) ?? (() => {});
    const check = () =>
      void host.listTools().then(
        (tools) => this.scan(tools),
        () => {},
      );
    check();
    return (event) => {
      if (event.type === "tools-changed" || event.type === "connected") check();
    };
  }

  /**
   * How a tool stands against its pin: `undefined` when it matches (or its server has no pins in
   * the store, and it is pinned now), else what changed. A change is reported the first time it is seen.
   */
  changeOf(tool: ToolDefinition): PinnedChange | undefined {
    const sha256 = this.hashes.of(tool);
    const entry = this.pins.get(tool.name);
    if (entry === undefined && !this.locked.has(serverOf(tool)) && !this.unwritten.has(serverOf(tool))) {
      this.pin(tool, sha256);
      return undefined;
    }
    if (entry?.sha256 === sha256) return undefined;
    const definition = pinnedDefinitionOf(tool);
    const diff = entry === undefined ? addedDiff(definition) : definitionDiff(entry, definition);
    if (this.reported.get(tool.name) !== sha256) {
      this.reported.set(tool.name, sha256);
      const server = entry?.server ?? serverOf(tool);
      const kind = entry === undefined ? "added" : "changed";
      this.hooks.changed({
        server,
        tool: tool.name,
        kind,
        fields: diff.fields,
        policy: this.policy,
        message: changeLine(tool.name, server, kind, diff.fields, this.policy, this.hooks.configFile),
      });
    }
    return { entry, sha256, diff };
  }

  /**
   * Whether the tool (the server's, or as {@link presented} shows it) may be listed and found: not
   * under `hide` while it differs from its pin, nor under `reapprove` unless its pinned text can be
   * shown in its place (a new tool has none; a cut one has only part of it).
   */
  serves(tool: ToolDefinition): boolean {
    const change = this.changeOf(this.shownFrom.get(tool) ?? tool);
    if (change === undefined || this.policy === "warn") return true;
    return this.policy === "reapprove" && showable(change.entry);
  }

  /**
   * The tool as clients may be shown it: under `reapprove`, a tool that differs from its pin is
   * shown with its pinned description, input schema and tags (what the user approved), and
   * destructive or open-world if either definition says so, until the user approves the change;
   * otherwise the tool itself. The same object comes back while neither the tool nor its pin changes.
   */
  presented(tool: ToolDefinition): ToolDefinition {
    if (this.policy !== "reapprove") return tool;
    const entry = this.changeOf(tool)?.entry;
    if (!showable(entry)) return tool;
    const cached = this.shown.get(tool);
    if (cached?.entry === entry) return cached.tool;
    const { tags: _tags, ...rest } = tool;
    const shown: ToolDefinition = {
      ...rest,
      description: entry.description,
      inputSchema: entry.inputSchema as ToolDefinition["inputSchema"],
      ...(entry.tags && entry.tags.length > 0 ? { tags: entry.tags } : {}),
      destructive: tool.destructive === true || entry.annotations?.destructive === true,
      openWorld: tool.openWorld === true || entry.annotations?.openWorld === true,
    };
    this.shown.set(tool, { entry, tool: shown });
    this.shownFrom.set(shown, tool);
    return shown;
  }

  /** Changes whenever the pins do (a pin made, a reload): a listing of {@link presented} tools is stale then. */
  get pinsVersion(): number {
    return this.version;
  }

  /** Checks every tool of a listing: pins the new ones, reports the changed ones. */
  scan(tools: readonly ToolDefinition[]): void {
    for (const tool of tools) this.changeOf(tool);
  }

  /**
   * Pins the definition the server lists now under `name`, if it is still the one with this hash:
   * the user accepted the definition shown to them, not one the server swapped in while they were
   * asked. Resolves whether it did.
   */
  async repin(name: string, sha256: string): Promise<boolean> {
    // Listed again: the object the question was built from still holds what was shown, whatever the server lists now.
    const tool = (await this.host?.listTools().catch(() => undefined))?.find((candidate) => candidate.name === name);
    if (tool === undefined || this.hashes.of(tool) !== sha256) return false;
    this.pin(tool, sha256);
    this.reported.delete(tool.name);
    // What clients are shown changes now (the approved definition, or a new tool at all).
    this.servedChanged();
    await this.saving;
    return true;
  }

  /** Waits for pending writes, and stops watching the store. */
  async close(): Promise<void> {
    this.unwatch();
    await this.saving;
  }

  private pin(tool: ToolDefinition, sha256: string): void {
    const server = serverOf(tool);
    const original = this.host?.sourceOf(tool.name)?.tool ?? tool.name.slice(server.length + 2);
    this.pins.set(tool.name, pinEntryOf(pinnedDefinitionOf(tool), server, original, sha256));
    this.bumpVersion();
    this.unsaved.add(tool.name);
    this.scheduleSave();
  }

  /** One save for every pin made in the same turn; saves run one after another. */
  private scheduleSave(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.saving = this.saving.then(async () => {
      this.scheduled = false;
      const names = [...this.unsaved];
      try {
        // Someone else's pins (another gateway, a `toolsift pin`) are kept: only ours are added.
        const merged = new Map(await this.store.load());
        for (const name of names) merged.set(name, this.pins.get(name)!);
        await this.store.save(merged);
        for (const name of names) this.unsaved.delete(name);
        this.replacePins(merged);
        this.writeFailed = false;
      } catch (error) {
        if (!this.writeFailed)
          this.hooks.warn(
            `could not write the tool pins to ${this.store.location} (${errorText(error)}); they are kept in memory until the gateway stops, and written at the next change.`,
          );
        this.writeFailed = true;
        for (const name of names) {
          const server = this.pins.get(name)?.server;
          if (server !== undefined) this.unwritten.add(server);
        }
      }
    });
  }

  /** The store was replaced from outside: its pins win, bar those made here and not yet saved. */
  private async reload(): Promise<void> {
    try {
      this.replacePins(new Map(await this.store.load()));
    } catch (error) {
      this.hooks.warn(
        `the tool pins in ${this.store.location} could not be read again (${errorText(error)}); the pins read before stay in force.`,
      );
      return;
    }
    this.servedChanged();
  }

  /** What is served may differ now: the tool search asks `permit` again, and the gateway is told. */
  private servedChanged(): void {
    this.toolSearch?.refreshPermissions();
    this.hooks.reloaded();
  }

  private replacePins(pins: Map<string, PinEntry>): void {
    // The store's servers only: those pinned here on first sight and not saved yet are not locked yet.
    this.locked = serversOf(pins);
    for (const name of this.unsaved) {
      const mine = this.pins.get(name);
      if (mine) pins.set(name, mine);
    }
    for (const [name, entry] of pins) if (this.pins.get(name)?.sha256 !== entry.sha256) this.reported.delete(name);
    this.pins = pins;
    this.bumpVersion();
  }

  private bumpVersion(): void {
    this.version++;
  }
}

/** Whether a pin holds all the text clients would be shown in place of the current definition. */
function showable(
  entry: PinEntry | undefined,
): entry is PinEntry & { description: string; inputSchema: NonNullable<PinEntry["inputSchema"]> } {
  return (
    entry !== undefined &&
    entry.description !== undefined &&
    entry.inputSchema !== undefined &&
    (entry.cut === undefined || entry.cut.length === 0)
  );
}

/** The server of a catalogue tool: its own, else the name's `server__` prefix. */
function serverOf(tool: ToolDefinition): string {
  return tool.server ?? tool.name.slice(0, Math.max(0, tool.name.indexOf("__")));
}

function serversOf(pins: ReadonlyMap<string, PinEntry>): Set<string> {
  return new Set([...pins.values()].map((entry) => entry.server));
}

function changeLine(
  tool: string,
  server: string,
  kind: ToolChange["kind"],
  fields: readonly PinnedField[],
  policy: OnToolChange,
  configFile: string,
): string {
  if (kind === "added") {
    const now =
      policy === "warn"
        ? "it is served (toolsift.onToolChange: warn)"
        : policy === "hide"
          ? "it is hidden until pinned (toolsift.onToolChange: hide)"
          : "it is not listed or found, and a call of it needs the user's approval (toolsift.onToolChange: reapprove)";
    return `tool ${tool} of MCP server "${server}" is new since the server's tools were pinned: ${now}. ${pinAdvice(configFile)}`;
  }
  const what = fields.length === 0 ? "definition" : fields.join(", ");
  const now =
    policy === "warn"
      ? "it is served as it now is (toolsift.onToolChange: warn)"
      : policy === "hide"
        ? "it is hidden until re-pinned (toolsift.onToolChange: hide)"
        : "clients are shown its pinned definition, and its next call needs the user's approval (toolsift.onToolChange: reapprove)";
  return `tool ${tool} of MCP server "${server}" changed since it was pinned (${what}): ${now}. ${pinAdvice(configFile)}`;
}

/** How a user reviews and accepts changed definitions, for messages. */
export function pinAdvice(configFile: string): string {
  return `Review the change with toolsift inspect --config ${configFile}; accept it with toolsift pin --config ${configFile}.`;
}
