/** What `onEvent` receives: one event per search, hydration, eviction, tool call or warning. */
export type ToolSearchEvent =
  | {
      type: "search";
      /** `undefined` for a direct `toolSearch.search()`. */
      sessionId: string | undefined;
      query: string;
      limit: number;
      results: { name: string; score: number }[];
      ms: number;
    }
  | { type: "hydrate"; sessionId: string; name: string }
  | { type: "evict"; sessionId: string; name: string }
  | {
      type: "tool-call";
      sessionId: string;
      name: string;
      toolUseId: string;
      /** Whether the model saw only the tool's stub when it made the call. */
      stub: boolean;
      /** `unchecked`: the tool's schema could not be compiled, so the input went through as sent. */
      validation: "valid" | "invalid" | "unchecked" | "not-run";
      outcome: "ok" | "tool-error" | "invalid-input" | "denied" | "not-approved" | "unknown-tool";
      ms: number;
      error?: string;
    }
  | {
      type: "warning";
      /** Stable, e.g. `invalid_tool`, `ranker_fallback`, `schema_unchecked`. */
      code: string;
      message: string;
    };

export type ToolSearchEventHandler = (event: ToolSearchEvent) => void;
