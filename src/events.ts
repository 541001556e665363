import type { Confidence } from "./ranking/index.js";
/** What `onEvent` receives: one event per search, hydration, eviction, tool call or warning. */
export type ToolSearchEvent =
  | {
      type: "search";
      /** `undefined` for a direct `toolSearch.search()`. */
      sessionId: string | undefined;
      query: string;
      limit: number;
      results: { name: string; score: number; confidence: Confidence }[];
      ms: number;
      /** Present (`true`) when `session.prefetch()` ranked the user's message, not the model's `search_tools`. */
      prefetch?: true;
    }
  | {
      type: "hydrate";
      sessionId: string;
      name: string;
      /** Present (`true`) when `session.prefetch()` hydrated the tool, before the model used it. */
      prefetch?: true;
    }
  | { type: "evict"; sessionId: string; name: string }
  | {
      type: "tool-call";
      sessionId: string;
      name: string;
      toolUseId: string;
      /** Whether the model saw only the tool's stub when it made the call. */
      stub: boolean;
      /**
       * Whether the input fit the tool's real schema. There is no unchecked outcome: an input
       * that could not be checked is `not-run`, and so is the tool.
       */
      validation: "valid" | "invalid" | "not-run";
      /**
       * `invalid-schema`: the tool's schema could not be compiled when it was first called, so
       * the tool cannot run (a `schema_invalid` warning says why). `ok` with an `error`: the
       * tool ran, but its output could not be serialised. `aborted`: the call's signal fired
       * before the tool ran, while it waited for approval, or while it ran (then `error` says
       * so, and the tool may have done part of its work).
       */
      outcome:
        | "ok"
        | "tool-error"
        | "invalid-input"
        | "invalid-schema"
        | "denied"
        | "not-approved"
        | "unknown-tool"
        | "aborted";
      ms: number;
      error?: string;
    }
  | {
      /**
       * A session taught the tool search (learning is on): `queries`, searched since the previous
       * successful call, led to a successful call of `name`. Also sent for `toolSearch.learn()`.
       */
      type: "lesson";
      /** `undefined` for `toolSearch.learn()`. */
      sessionId: string | undefined;
      scope: string;
      name: string;
      queries: string[];
    }
  | {
      /**
       * A search failed in use (misses are on): see `MissKind`. Sent when the miss is settled,
       * which is once the session showed what came next (see `createToolSearch({ misses })`).
       */
      type: "miss";
      sessionId: string;
      scope: string;
      /** `MissKind` of `toolsift/learning`, spelled out: events stand on ranking's types only. */
      kind: "empty" | "weak" | "unused" | "unknown-tool" | "found-late";
      /** The tool the session used next, when it used one. */
      answer?: string;
    }
  | {
      type: "warning";
      /**
       * Stable, e.g. `invalid_tool`, `invalid_schema` (a host's tool skipped), `schema_mended` (a
       * tool's loosely written schema read as its author meant it; see `mendSchema`), `host_list_failed`,
       * `schema_invalid`, `estimate_invalid`, `ranker_fallback`, `ranker_fallback_failed`, from an embedding
       * ranker `cache_write_failed`, `cache_repaired`, `index_fallback`, and for learning
       * `learning_store_failed`, `learning_store_slow`, `learning_store_invalid`,
       * `learning_store_repaired`, `learning_store_behind`, `learning_embed_failed`, and for misses
       * `misses_store_failed`, `misses_store_behind`, `misses_store_repaired`.
       */
      code: string;
      message: string;
    };

export type ToolSearchEventHandler = (event: ToolSearchEvent) => void;
