import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeValue } from "../describe-value.js";

/** One MCP root, as `roots/list` answers it. */
export interface RootSetting {
  uri: string;
  name?: string;
}

type Fail = (field: string, problem: string) => never;

/** More roots than this is a mistake, and a big answer to every server's roots/list. */
const MAX_ROOTS = 100;
const EXAMPLE = '["./project", {"uri": "file:///srv/data", "name": "data"}]';

/**
 * Checks `toolsift.roots`: the roots the gateway answers an upstream server's `roots/list` with
 * when no client's call to that server is in flight. Each is a folder path (relative to the
 * config file) or `{ "uri": "file:///…", "name"? }`; paths become `file:` URIs.
 *
 * @example
 * ```ts
 * parseRoots(["./project"], "/etc/toolsift", fail); // [{ uri: "file:///etc/toolsift/project" }]
 * ```
 */
export function parseRoots(value: unknown, base: string, fail: Fail): RootSetting[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_ROOTS)
    return fail(
      "toolsift.roots",
      `must be a list of at most ${MAX_ROOTS} folders, e.g. ${EXAMPLE}, not ${describeValue(value)}.`,
    );
  return value.map((entry: unknown, index) => {
    const field = `toolsift.roots[${index}]`;
    if (typeof entry === "string" && entry !== "")
      return { uri: pathToFileURL(isAbsolute(entry) ? entry : resolve(base, entry)).href };
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      return fail(field, `must be a folder path or {"uri": "file:///…", "name": "…"}, not ${describeValue(entry)}.`);
    const { uri, name, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) fail(`${field}.${extra}`, 'is not a root setting; a root takes "uri" and "name".');
    if (typeof uri !== "string" || !URL.canParse(uri) || new URL(uri).protocol !== "file:")
      fail(`${field}.uri`, `must be a file: URI (MCP roots are file: URIs), not ${describeValue(uri)}.`);
    if (name !== undefined && (typeof name !== "string" || name.length > 200))
      fail(`${field}.name`, `must be a short string, not ${describeValue(name)}.`);
    return { uri: uri as string, ...(name === undefined ? {} : { name: name as string }) };
  });
}
