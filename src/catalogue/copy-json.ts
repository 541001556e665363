/** A JSON value as toolsift holds it after {@link copyJson}: plain, acyclic, bounded. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Bounds on the work one copy may do, so a hostile value cannot stall or crash the process. */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays. */
  readonly maxDepth: number;
  /** Most values (objects, arrays, strings, numbers...) in all. */
  readonly maxValues: number;
  /** Most characters in all strings and keys together. */
  readonly maxChars: number;
}

/** What went wrong, and where (a JSON pointer; "" for the value itself). */
export interface JsonCopyProblem {
  path: string;
  problem: string;
}

/** The copy, or the first problem found on the way (the copy stops there). */
export type JsonCopyResult = { ok: true; value: JsonValue } | ({ ok: false } & JsonCopyProblem);

/**
 * Copies a value as plain JSON data, reading each property exactly once, or says why it cannot.
 *
 * It is how toolsift takes anything it did not make (a schema a host lists, an input a caller
 * passes) before trusting it: the copy cannot change afterwards (a getter, a Proxy or a caller
 * holding the original has no further say), and every bound is checked as it goes, so a
 * cycle, 3,000 levels of nesting or a throwing getter is a problem named by path rather than
 * a `RangeError` or a hang. Only JSON is accepted: strings, finite numbers, booleans, null,
 * arrays and plain objects. A property whose value is `undefined` is left out, as
 * `JSON.stringify` does; any other value (a function, a `Date`, a `Map`, a `BigInt`) is a problem.
 */
export function copyJson(value: unknown, limits: JsonLimits): JsonCopyResult {
  const copier = new JsonCopier(limits);
  try {
    return { ok: true, value: copier.copy(value, 0) };
  } catch (error) {
    const path = copier.pointer();
    if (error instanceof CopyProblem) return { ok: false, path, problem: error.message };
    // A getter or a Proxy trap threw: whatever it was, the value cannot be read.
    return {
      ok: false,
      path,
      problem: `could not be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/** Renders a JSON pointer for a message, shortened: a hostile path can be very long. */
export function describePath(path: string): string {
  if (path === "") return "the value itself";
  return path.length > 120 ? `${path.slice(0, 117)}...` : path;
}

class CopyProblem extends Error {}

class JsonCopier {
  private values = 0;
  private chars = 0;
  /** The keys leading to the value being copied, for the problem's path. */
  private readonly path: string[] = [];
  /** Objects on the current path, to tell a cycle from deep nesting. */
  private readonly ancestors = new Set<object>();

  constructor(private readonly limits: JsonLimits) {}

  pointer(): string {
    return this.path.map((key) => `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
  }

  copy(value: unknown, depth: number): JsonValue {
    if (++this.values > this.limits.maxValues) {
      throw new CopyProblem(`holds more than ${this.limits.maxValues.toLocaleString("en")} values`);
    }
    switch (typeof value) {
      case "string":
        this.count(value.length);
        return value;
      case "boolean":
        return value;
      case "number":
        if (!Number.isFinite(value)) throw new CopyProblem(`is ${value}, which is not a JSON number`);
        return value;
      case "object":
        if (value === null) return null;
        return this.copyObject(value, depth);
      default:
        throw new CopyProblem(`is ${typeDescription(value)}, which is not JSON data`);
    }
  }

  private copyObject(value: object, depth: number): JsonValue {
    if (this.ancestors.has(value))
      throw new CopyProblem("refers back to an object that contains it (a cycle), which JSON cannot hold");
    if (depth >= this.limits.maxDepth) throw new CopyProblem(`is nested more than ${this.limits.maxDepth} levels deep`);
    this.ancestors.add(value);
    const copied = Array.isArray(value) ? this.copyArray(value, depth) : this.copyRecord(value, depth);
    this.ancestors.delete(value);
    return copied;
  }

  private copyArray(value: readonly unknown[], depth: number): JsonValue[] {
    const length = value.length;
    if (length > this.limits.maxValues)
      throw new CopyProblem(`has ${length} items, more than ${this.limits.maxValues.toLocaleString("en")}`);
    const copy: JsonValue[] = [];
    for (let index = 0; index < length; index++) {
      this.path.push(String(index));
      const item = value[index];
      if (item === undefined) throw new CopyProblem("is undefined, which is not JSON data");
      copy.push(this.copy(item, depth + 1));
      this.path.pop();
    }
    return copy;
  }

  private copyRecord(value: object, depth: number): { [key: string]: JsonValue } {
    const tag = Object.prototype.toString.call(value);
    if (tag !== "[object Object]") throw new CopyProblem(`is ${tag.slice(8, -1)} object, not a plain JSON object`);
    const copy: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(value)) {
      this.count(key.length);
      this.path.push(key);
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) {
        // Left out, as JSON.stringify leaves it out.
      } else if (key === "__proto__") {
        // defineProperty, so a "__proto__" key (JSON.parse makes those) stays data, not a prototype.
        Object.defineProperty(copy, key, {
          value: this.copy(item, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        // A plain store keeps the copy a fast object; defineProperty on every key made copying
        // the largest step of reading a catalogue, and every later reader of the copy slower.
        copy[key] = this.copy(item, depth + 1);
      }
      this.path.pop();
    }
    return copy;
  }

  private count(chars: number): void {
    this.chars += chars;
    if (this.chars > this.limits.maxChars) {
      throw new CopyProblem(`holds more than ${this.limits.maxChars.toLocaleString("en")} characters of text`);
    }
  }
}

function typeDescription(value: unknown): string {
  if (typeof value === "function") return "a function";
  if (typeof value === "bigint") return "a BigInt";
  if (typeof value === "symbol") return "a symbol";
  return String(value);
}
