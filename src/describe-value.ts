/** Characters of a string an error message shows at most; the rest is cut, and the length said. */
const MAX_SHOWN = 60;

/**
 * A wrong value as an error message shows it: short, one line, and enough to recognise it. A
 * string is quoted and its type named (`"1.2"` where a number belongs looks right otherwise);
 * a long one is cut, so a pasted document or a token is never echoed whole. An object or an
 * array is named, not listed: its contents could be huge.
 *
 * @example
 * ```ts
 * describeValue("fast");         // '"fast" (a string)'
 * describeValue(NaN);            // "NaN"
 * describeValue([1, 2]);         // "an array of 2 items"
 * describeValue(new Map());      // "an instance of Map"
 * ```
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string": {
      if (value.length <= MAX_SHOWN) return `${JSON.stringify(value)} (a string)`;
      // Not between the halves of a surrogate pair: half an emoji would show as an escape.
      const shown = value.slice(0, /[\uD800-\uDBFF]/.test(value[MAX_SHOWN - 1]!) ? MAX_SHOWN - 1 : MAX_SHOWN);
      return `${JSON.stringify(`${shown}…`)} (a string of ${value.length} characters)`;
    }
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
    case "undefined":
      return String(value);
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
  }
  if (value === null) return "null";
  if (Array.isArray(value))
    return value.length === 0 ? "an empty array" : `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  const name = constructorName(value as object);
  return name === undefined || name === "Object" ? "an object" : `an instance of ${name}`;
}

/** The name of the object's class, or `undefined` (no prototype, a proxy that throws, a nameless class). */
function constructorName(value: object): string | undefined {
  try {
    const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor
      ?.name;
    return typeof name === "string" && /^[\w$]{1,40}$/.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}
