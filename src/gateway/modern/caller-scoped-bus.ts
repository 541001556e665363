import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import type { Caller } from "../auth/caller.js";

interface Stream {
  readonly caller: Caller;
  readonly listener: (event: ServerEvent) => void;
}

/**
 * The `subscriptions/listen` bus of the modern HTTP leg, which knows whose each stream is: the
 * SDK opens a stream's subscription synchronously while it handles the listen request, so the
 * request's caller (set by {@link CallerScopedBus.as} around it) is the stream's. A tool change
 * reaches only the streams whose caller may see one of the tools changed, as a 2025-era
 * session hears only of changes to its own list; a stream opened with no caller hears nothing.
 */
export class CallerScopedBus implements ServerEventBus {
  private readonly streams = new Set<Stream>();
  private readonly current = new AsyncLocalStorage<Caller>();

  /**
   * @param sees - Whether a caller may see a tool (its policy), by name.
   * @param log - Told of a listener that threw, or of a stream opened outside {@link CallerScopedBus.as}.
   */
  constructor(
    private readonly sees: (caller: Caller, tool: string) => boolean,
    private readonly log: (line: string) => void,
  ) {}

  /** Runs `serve` (one request's handling) as `caller`: a stream it opens is that caller's. */
  as<T>(caller: Caller, serve: () => T): T {
    return this.current.run(caller, serve);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const caller = this.current.getStore();
    if (caller === undefined) {
      // Fail closed: whose it is decides what it may hear.
      this.log("warning: a subscriptions/listen stream opened with no caller hears no change");
      return () => undefined;
    }
    const stream = { caller, listener };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** An event for every stream (a change no policy scopes). */
  publish(event: ServerEvent): void {
    this.deliver(event, () => true);
  }

  /** Tools `names` were added, changed or removed (`"all"`: any may have been): told to whoever may see one. */
  toolsChanged(names: readonly string[] | "all"): void {
    this.deliver({ kind: "tools_list_changed" }, (caller) =>
      names === "all" ? true : names.some((name) => this.sees(caller, name)),
    );
  }

  /** Streams open now. */
  get size(): number {
    return this.streams.size;
  }

  private deliver(event: ServerEvent, to: (caller: Caller) => boolean): void {
    for (const stream of [...this.streams]) {
      try {
        if (to(stream.caller)) stream.listener(event);
      } catch (error) {
        this.log(`could not tell a subscriptions/listen stream of a change: ${String(error)}`);
      }
    }
  }
}
