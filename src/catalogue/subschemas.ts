import { describePath, type JsonValue } from "./copy-json.js";
import { isRecord } from "../util/is-record.js";

type JsonObject = { [key: string]: JsonValue };

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  "additionalProperties",
  "additionalItems",
  "items",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
] as const;
/** Keywords whose value is an array of subschemas. */
const SCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
] as const;

/**
 * Where a subschema is, as a JSON pointer written out only when a message needs it: building
 * and escaping every subschema's pointer as the schema was walked was a third of the walk.
 */
export class Pointer {
  static readonly ROOT = new Pointer(undefined, "");

  private constructor(
    private readonly parent: Pointer | undefined,
    private readonly segment: string,
  ) {}

  child(segment: string): Pointer {
    return new Pointer(this, segment);
  }

  get isRoot(): boolean {
    return this.parent === undefined;
  }

  /** The pointer, shortened for a message (see `describePath`). */
  describe(): string {
    return describePath(this.toString());
  }

  toString(): string {
    const segments: string[] = [];
    for (let at: Pointer | undefined = this; at?.parent; at = at.parent) segments.push(escapePointer(at.segment));
    return segments
      .reverse()
      .map((segment) => `/${segment}`)
      .join("");
  }
}

/** Per keyword that holds subschemas, how: one, a list of them, or a map of names to them. */
const SUBSCHEMA_HOLDERS: ReadonlyMap<string, { one: boolean; list: boolean; map: boolean }> = new Map(
  [...SCHEMA_KEYWORDS, ...SCHEMA_LIST_KEYWORDS, ...SCHEMA_MAP_KEYWORDS].map((keyword) => [
    keyword,
    {
      one: (SCHEMA_KEYWORDS as readonly string[]).includes(keyword),
      list: (SCHEMA_LIST_KEYWORDS as readonly string[]).includes(keyword),
      map: (SCHEMA_MAP_KEYWORDS as readonly string[]).includes(keyword),
    },
  ]),
);

/**
 * Visits a node's subschemas in the order its keys are written. It reads the node's own keys
 * (a few) rather than asking it for each of the 23 keywords that can hold subschemas: those
 * lookups, nearly all of a missing key, were a sixth of reading a catalogue's schemas.
 */
export function forEachSubschema(
  node: JsonObject,
  path: Pointer,
  visit: (child: JsonValue, path: Pointer) => void,
): void {
  for (const keyword of Object.keys(node)) {
    const holds = SUBSCHEMA_HOLDERS.get(keyword);
    if (holds === undefined) continue;
    const value = node[keyword]!;
    if (holds.one && isRecord(value)) visit(value, path.child(keyword));
    if (holds.list && Array.isArray(value)) {
      const at = path.child(keyword);
      value.forEach((child, index) => visit(child, at.child(String(index))));
    }
    if (holds.map && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const at = path.child(keyword);
      for (const name of Object.keys(value)) visit(value[name]!, at.child(name));
    }
  }
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
