import { ToolsiftError } from "../../errors.js";
import { describeValue } from "../../describe-value.js";
import { ConfigError } from "../settings/config-error.js";
import { canonicalJson } from "../../for-apps.js";
import type { PinnedDefinition } from "./tool-fingerprint.js";

/** The lock file's name, beside the config file unless `toolsift.lockFile` says otherwise. */
export const LOCK_FILE_NAME = "toolsift.lock.json";
/** The format's version; a lock of another version is refused rather than misread. */
export const LOCK_VERSION = 1;

/**
 * Bounds on the lock file. The hash always covers the whole definition; the text kept beside it
 * (for `inspect`'s diff) is cut past these, so one huge upstream schema cannot bloat a file that
 * is read on every start and reviewed in pull requests.
 */
export const LOCK_LIMITS = {
  /** The largest lock file read or written. */
  maxBytes: 8 * 1024 * 1024,
  /** A longer description is kept cut to this many characters. */
  descriptionChars: 4_000,
  /** An input schema longer than this as JSON is not kept (only its hash is). */
  schemaChars: 16_000,
} as const;

/** One pinned tool: where it comes from, the hash of its definition, and as much of it as fits. */
export interface PinEntry {
  server: string;
  /** The tool's name on its server (before toolsift's `server__` prefix and any rewriting). */
  tool: string;
  /** Hex SHA-256 of the definition's canonical JSON (see `definitionHash`). */
  sha256: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: PinnedDefinition["annotations"];
  tags?: readonly string[];
  /** What was cut or left out of the kept text: the diff says so. */
  cut?: readonly ("description" | "inputSchema")[];
}

/** Pinned tools by catalogue name (`server__tool`). */
export type ToolLock = ReadonlyMap<string, PinEntry>;

/** The entry that pins a definition. */
export function pinEntryOf(definition: PinnedDefinition, server: string, tool: string, sha256: string): PinEntry {
  const cut: ("description" | "inputSchema")[] = [];
  let description = definition.description;
  if (description.length > LOCK_LIMITS.descriptionChars) {
    description = description.slice(0, LOCK_LIMITS.descriptionChars);
    cut.push("description");
  }
  let schemaChars: number;
  try {
    schemaChars = canonicalJson(definition.inputSchema).length;
  } catch {
    schemaChars = Number.POSITIVE_INFINITY;
  }
  const keepSchema = schemaChars <= LOCK_LIMITS.schemaChars;
  if (!keepSchema) cut.push("inputSchema");
  return {
    server,
    tool,
    sha256,
    description,
    ...(keepSchema ? { inputSchema: definition.inputSchema } : {}),
    annotations: definition.annotations,
    ...(definition.tags.length > 0 ? { tags: definition.tags } : {}),
    ...(cut.length > 0 ? { cut } : {}),
  };
}

const HEADER =
  "Pinned upstream tool definitions, written by toolsift. Review what changed with `toolsift inspect --config <file>`; accept it with `toolsift pin --config <file>`.";

/**
 * The lock as the file holds it: canonical JSON (sorted keys, two-space indent, one entry per
 * tool), so a re-pin shows in a review as the lines that changed. Past {@link LOCK_LIMITS}`.maxBytes`,
 * the kept text of the largest entries is dropped (their hashes stay) until it fits.
 *
 * @throws {@link ToolsiftError} (`pin_lock_too_large`) when even the hashes alone do not fit.
 */
export function serializeLock(lock: ToolLock): string {
  const entries = new Map(lock);
  const text = () =>
    `${canonicalJson({ comment: HEADER, lockfileVersion: LOCK_VERSION, tools: Object.fromEntries(entries) }, 2)}\n`;
  let written = text();
  let bytes = Buffer.byteLength(written);
  if (bytes <= LOCK_LIMITS.maxBytes) return written;
  const bySize = [...entries].sort(([, a], [, b]) => canonicalJson(b).length - canonicalJson(a).length);
  for (const [name, entry] of bySize) {
    const before = Buffer.byteLength(canonicalJson(entry, 2));
    const { description: _d, inputSchema: _s, tags: _t, ...bare } = entry;
    entries.set(name, { ...bare, cut: ["description", "inputSchema"] });
    bytes -= before - Buffer.byteLength(canonicalJson(entries.get(name), 2));
    if (bytes <= LOCK_LIMITS.maxBytes) break;
  }
  written = text();
  if (Buffer.byteLength(written) > LOCK_LIMITS.maxBytes)
    throw new ToolsiftError(
      "pin_lock_too_large",
      `the lock of ${entries.size} tools does not fit in ${LOCK_LIMITS.maxBytes} bytes even without their text; filter the servers' tools (toolsift.deny does not shrink it: it pins what servers list).`,
    );
  return written;
}

const CATALOGUE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Reads a lock file's parsed JSON, checking every field: a lock that fails is damaged (a bad
 * merge, a hand edit, a cut write), and is refused with what to do rather than trusted in part.
 *
 * @param fix - What the user can do, for the message (restore the file, or re-pin).
 * @throws {@link ConfigError} naming the file, the field and the fix.
 */
export function parseLock(value: unknown, file: string, fix: string): ToolLock {
  const fail = (field: string, problem: string): never => {
    throw new ConfigError(file, field, `${problem} The lock is damaged: ${fix}`);
  };
  if (!isRecord(value)) return fail("", `must hold a JSON object, not ${describeValue(value)}.`);
  if (value.lockfileVersion !== LOCK_VERSION)
    fail("lockfileVersion", `must be ${LOCK_VERSION}, not ${describeValue(value.lockfileVersion)}.`);
  if (!isRecord(value.tools))
    return fail("tools", `must be an object of pinned tools, not ${describeValue(value.tools)}.`);
  const lock = new Map<string, PinEntry>();
  for (const [name, raw] of Object.entries(value.tools)) {
    const where = `tools.${name.slice(0, 80)}`;
    if (!CATALOGUE_NAME.test(name)) fail(where, "is not a tool name toolsift lists (server__tool).");
    if (!isRecord(raw)) return fail(where, `must be an object, not ${describeValue(raw)}.`);
    const text = (field: string, max: number, optional = false): string | undefined => {
      const item = raw[field];
      if (optional && item === undefined) return undefined;
      if (typeof item !== "string" || item.length > max || (!optional && item === ""))
        fail(`${where}.${field}`, `must be a string of at most ${max} characters, not ${describeValue(item)}.`);
      return item as string;
    };
    const sha256 = text("sha256", 64)!;
    if (!SHA256.test(sha256)) fail(`${where}.sha256`, "must be 64 lowercase hex digits.");
    const entry: PinEntry = {
      server: text("server", 64)!,
      tool: text("tool", 512)!,
      sha256,
      ...optionalText(text("description", LOCK_LIMITS.descriptionChars, true)),
    };
    if (!name.startsWith(`${entry.server}__`))
      fail(`${where}.server`, `is not the server the name ${name} starts with.`);
    if (raw.inputSchema !== undefined) {
      if (!isRecord(raw.inputSchema)) fail(`${where}.inputSchema`, "must be an object.");
      entry.inputSchema = raw.inputSchema;
    }
    if (raw.annotations !== undefined) {
      const annotations = isRecord(raw.annotations) ? raw.annotations : {};
      const { destructive, openWorld } = annotations;
      if (typeof destructive !== "boolean" || typeof openWorld !== "boolean")
        return fail(`${where}.annotations`, 'must be {"destructive": true|false, "openWorld": true|false}.');
      entry.annotations = { destructive, openWorld };
    }
    if (raw.tags !== undefined) {
      if (!Array.isArray(raw.tags) || !raw.tags.every((tag) => typeof tag === "string"))
        fail(`${where}.tags`, "must be an array of strings.");
      entry.tags = raw.tags as string[];
    }
    if (raw.cut !== undefined) {
      if (!Array.isArray(raw.cut) || !raw.cut.every((field) => field === "description" || field === "inputSchema"))
        fail(`${where}.cut`, 'must list "description" and/or "inputSchema".');
      entry.cut = raw.cut as PinEntry["cut"];
    }
    lock.set(name, entry);
  }
  return lock;
}

function optionalText(description: string | undefined): { description?: string } {
  return description === undefined ? {} : { description };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
