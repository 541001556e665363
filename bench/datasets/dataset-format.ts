/**
 * The bench's dataset format: a tool catalogue plus labelled queries.
 *
 * The public sets in `shared/datasets` use the same shape minus `kind`; toolsift's own set
 * labels every query so the bench can report recall per kind.
 */

/** What a query asks of the catalogue. */
export type QueryKind = "direct" | "paraphrase" | "multi" | "unanswerable";

/** Every {@link QueryKind}, in reporting order. */
export const QUERY_KINDS: readonly QueryKind[] = ["direct", "paraphrase", "multi", "unanswerable"];

/** One tool as the dataset stores it (snake_case keys, as MCP's `tools/list` sends them). */
export interface DatasetTool {
  name: string;
  description: string;
  input_schema: {
    type: "object";
    properties?: Record<string, unknown>;
    required?: string[];
    [keyword: string]: unknown;
  };
}

/** One labelled query; `expected` is empty exactly when `kind` is `"unanswerable"`. */
export interface DatasetQuery {
  query: string;
  expected: string[];
  kind: QueryKind;
}

/** A whole dataset file. */
export interface Dataset {
  source: string;
  license: string;
  tools: DatasetTool[];
  queries: DatasetQuery[];
}
