import { createRequire } from "node:module";
import { describePath, type JsonValue } from "./copy-json.js";
import { metaValidator, type MetaValidator } from "./meta-validator.js";
import { conformsPlainly } from "./plain-meta-check.js";
import { compilesPlainly } from "./plain-pattern.js";
import { safeRegExp } from "./safe-regexp.js";
import { createAjv, META_CHECKER_OPTIONS, META_SCHEMA_IDS, type AnyAjv, type Dialect } from "./schema-dialect.js";
import { forEachSubschema, Pointer } from "./subschemas.js";
import { isRecord } from "../util/is-record.js";

const require = createRequire(import.meta.url);

type JsonObject = { [key: string]: JsonValue };

const REF_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;
const ANCHOR_KEYWORDS = ["$anchor", "$dynamicAnchor"] as const;
/** What ajv accepts as an anchor's name; draft-07's meta-schema does not check it, ajv's compile does. */
const ANCHOR_NAME = /^[a-z_][-a-z0-9._]*$/i;

/**
 * Why a tool's input schema cannot be checked, or `undefined` when it can. This is the check
 * that decides, when the catalogue is read, that every accepted tool's input will be validated:
 * the schema is valid for its dialect (its meta-schema), every regular expression compiles for
 * the linear-time engine, and every `$ref` resolves inside the schema itself. It is cheap
 * (microseconds), unlike compiling a validator, which waits for the tool's first call.
 *
 * @param schema - A copy made by `copyJson`: plain, acyclic and bounded.
 */
export function checkSchema(schema: JsonObject, dialect: Dialect): string | undefined {
  return checkMeta(schema, dialect) ?? checkSubschemas(schema);
}

const metaCheckers = new Map<Dialect, AnyAjv>();

/**
 * An ajv that validates schemas against their meta-schema, for a `$schema` the generated
 * validators do not cover (a draft-04 URI, a vocabulary's meta-schema, anything ajv does not
 * know). Loading ajv and compiling a meta-schema costs about 400 ms, so it is built only then.
 * It only ever compiles meta-schemas, so sharing it keeps nothing per tool (unlike the
 * validators, which each have their own ajv).
 */
function metaChecker(dialect: Dialect): AnyAjv {
  let checker = metaCheckers.get(dialect);
  if (!checker) metaCheckers.set(dialect, (checker = createAjv(dialect, META_CHECKER_OPTIONS)));
  return checker;
}

/**
 * Whether ajv's `validateSchema` would check this schema with the dialect's own meta-schema:
 * with no `$schema`, it uses the default one, and the id with or without a trailing "#"
 * resolves to the same compiled validator. Any other value is ajv's to resolve (or to refuse).
 */
function usesDialectMetaSchema(schema: JsonObject, dialect: Dialect): boolean {
  const uri = schema.$schema;
  return uri === undefined || uri === META_SCHEMA_IDS[dialect] || uri === `${META_SCHEMA_IDS[dialect]}#`;
}

function checkMeta(schema: JsonObject, dialect: Dialect): string | undefined {
  try {
    let valid: boolean;
    let errors: MetaValidator["errors"];
    if (usesDialectMetaSchema(schema, dialect)) {
      if (dialect === "2020-12" && conformsPlainly(schema)) return undefined;
      const validate = metaValidator(dialect);
      valid = validate(schema);
      errors = validate.errors;
    } else {
      const checker = metaChecker(dialect);
      valid = checker.validateSchema(schema) === true;
      errors = checker.errors;
    }
    if (valid) return undefined;
    const [error] = errors ?? [];
    return error
      ? `${describePath(error.instancePath)} ${error.message ?? "is not valid"} (JSON Schema ${dialect})`
      : "it is not a valid JSON Schema";
  } catch (error) {
    return `it could not be checked against JSON Schema ${dialect} (${error instanceof Error ? error.message : String(error)})`;
  }
}

interface Resource {
  node: JsonValue;
  anchors: Set<string>;
}

interface RefUse {
  ref: string;
  base: string;
  path: Pointer;
}

/** Checks every subschema's patterns, and that every reference lands inside the schema. */
function checkSubschemas(schema: JsonObject): string | undefined {
  // URIs are resolved as ajv resolves them (with its own resolver), so what passes here compiles.
  const uris = new UriResolution(ajvUriResolver());
  const resources = new Map<string, Resource>();
  const refs: RefUse[] = [];
  let problem: string | undefined;
  const visit = (node: JsonValue, path: Pointer, parentBase: string): void => {
    if (problem !== undefined || typeof node !== "object" || node === null || Array.isArray(node)) return;
    let base = parentBase;
    const id = node.$id;
    // An $id of "#..." names no new resource: "#" (any dialect) is this one, "#name" (draft-07) an anchor.
    const namesResource = typeof id === "string" && !id.startsWith("#");
    if (namesResource || path.isRoot) {
      const resolved = namesResource ? uris.resolve(parentBase, id) : parentBase;
      const key = resolved === undefined ? undefined : uris.resourceOf(resolved);
      if (resolved === undefined || key === undefined)
        return void (problem = `${path.describe()}: "$id" ${JSON.stringify(id)} is not a URI that can be resolved`);
      if (resources.has(key))
        return void (problem = `${path.describe()}: "$id" ${JSON.stringify(id)} names a second schema with the same URI`);
      // An $id with a fragment (only draft-07's meta-schema allows one): ajv keys the schema by the whole
      // URI, fragment and all, so a $ref to the URI alone would pass here and fail to compile.
      if (namesResource && /#./.test(id)) {
        return void (problem = `${path.describe()}: "$id" ${JSON.stringify(id)} has a fragment; remove the "#..." part (use "$anchor" to name a schema)`);
      }
      // Never ends in "#": UriResolution.resolve drops an empty fragment.
      base = resolved;
      resources.set(key, { node, anchors: new Set() });
    }
    const nodeAnchors = anchorsOf(node);
    // Resolving the resource costs a URI parse: only a node that defines anchors needs it.
    const anchors = nodeAnchors.length > 0 ? resources.get(uris.resourceOf(base) ?? "")?.anchors : undefined;
    for (const anchor of nodeAnchors) {
      if (anchors?.has(anchor))
        return void (problem = `${path.describe()}: the anchor "${anchor}" is defined twice; rename one`);
      anchors?.add(anchor);
    }
    for (const keyword of REF_KEYWORDS) {
      const ref = node[keyword];
      if (typeof ref === "string") refs.push({ ref, base, path: path.child(keyword) });
    }
    problem = checkKeywords(node, path) ?? checkPatterns(node, path);
    forEachSubschema(node, path, (child, childPath) => visit(child, childPath, base));
  };
  visit(schema, Pointer.ROOT, "");
  if (problem !== undefined) return problem;
  for (const use of refs) {
    const unresolved = checkRef(use, resources, uris);
    if (unresolved) return unresolved;
  }
  return undefined;
}

type UriResolver = AnyAjv["opts"]["uriResolver"];

let uriResolver: UriResolver | undefined;

/** ajv's default URI resolver (fast-uri), the one every toolsift ajv uses, without loading ajv itself. */
function ajvUriResolver(): UriResolver {
  return (uriResolver ??= (require("ajv/dist/runtime/uri") as { default: UriResolver }).default);
}

/** URI resolution as ajv does it, with any failure (a URN without a namespace, say) as `undefined`. */
class UriResolution {
  constructor(private readonly resolver: UriResolver) {}

  resolve(base: string, reference: string): string | undefined {
    try {
      return this.resolver.resolve(base, reference.replace(/#$/, ""));
    } catch {
      return undefined;
    }
  }

  /** The resource part of a URI (before "#"), as ajv keys schemas by it. */
  resourceOf(uri: string): string | undefined {
    try {
      return this.resolver.serialize(this.resolver.parse(uri)).split("#")[0];
    } catch {
      return undefined;
    }
  }
}

function anchorsOf(node: JsonObject): string[] {
  const anchors: string[] = [];
  // Not "$recursiveAnchor": it is a flag (2019-09), never a name, and ajv resolves no "#name" to it.
  for (const keyword of ANCHOR_KEYWORDS) {
    if (typeof node[keyword] === "string") anchors.push(node[keyword] as string);
  }
  // Draft-07 writes a plain-name fragment as an $id of its own ("#name"); ajv reads a bare "#"
  // (the only such $id the other dialects allow) the same way, so two of them are ambiguous.
  if (typeof node.$id === "string" && node.$id.startsWith("#")) anchors.push(node.$id.slice(1));
  return anchors;
}

/**
 * What the meta-schema allows but ajv refuses to compile (or compiles into something that
 * does not check): found by fuzzing, kept in step with ajv's keyword code.
 */
function checkKeywords(node: JsonObject, path: Pointer): string | undefined {
  // An async schema's validator returns a Promise, which reads as "valid" to a sync caller.
  if ("$async" in node) return `${path.describe()}: "$async" schemas are not supported; remove "$async"`;
  if ("id" in node) return `${path.describe()}: "id" is the draft-04 spelling; write "$id"`;
  if (Array.isArray(node.enum) && node.enum.length === 0)
    return `${path.describe()}: "enum" is empty, so no value could ever be valid; list the allowed values`;
  for (const keyword of ANCHOR_KEYWORDS) {
    const anchor = node[keyword];
    if (typeof anchor === "string" && !ANCHOR_NAME.test(anchor)) {
      return `${path.describe()}: "${keyword}" ${JSON.stringify(anchor)} is not a valid anchor name; start it with a letter or "_", then use only letters, digits, "-", "_" and "."`;
    }
  }
  const dynamicRef = node.$dynamicRef;
  if (typeof dynamicRef === "string" && !dynamicRef.startsWith("#"))
    return `${path.describe()}: "$dynamicRef" must be a "#..." reference inside the schema`;
  return undefined;
}

function checkPatterns(node: JsonObject, path: Pointer): string | undefined {
  if (typeof node.pattern === "string") {
    const problem = patternProblem(node.pattern);
    if (problem !== undefined) return `${path.child("pattern").describe()}: ${problem}`;
  }
  const patternProperties = node.patternProperties;
  if (isRecord(patternProperties)) {
    for (const key of Object.keys(patternProperties)) {
      const problem = patternProblem(key);
      if (problem !== undefined) return `${path.child("patternProperties").describe()}: ${problem}`;
    }
  }
  return undefined;
}

/**
 * Verdicts on patterns already compiled for the linear-time engine: why each cannot run, or
 * `null` when it can. A pattern {@link compilesPlainly} vouches for is not compiled at all. Compiling one costs about half a millisecond, and catalogues repeat the
 * same few patterns across tools (an id format, a date) and across listings: the example
 * catalogue's 72 patterns are 30 distinct ones. Only the verdict is kept, never the compiled
 * program, so a refused pattern is refused again with the same reason and nothing of a tool
 * outlives it here. Bounded in entries and in key length, so a host inventing patterns cannot
 * grow it.
 */
const patternVerdicts = new Map<string, string | null>();
/** About 64 KB of keys at most; a longer pattern is rare and simply compiled again. */
const MAX_REMEMBERED_PATTERN_CHARS = 256;
const MAX_REMEMBERED_PATTERNS = 256;

function patternProblem(pattern: string): string | undefined {
  if (compilesPlainly(pattern)) return undefined;
  const known = patternVerdicts.get(pattern);
  if (known !== undefined) return known ?? undefined;
  let problem: string | null = null;
  try {
    safeRegExp(pattern);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (pattern.length <= MAX_REMEMBERED_PATTERN_CHARS) {
    // Oldest first out: Map keeps insertion order.
    if (patternVerdicts.size >= MAX_REMEMBERED_PATTERNS) patternVerdicts.delete(patternVerdicts.keys().next().value!);
    patternVerdicts.set(pattern, problem);
  }
  return problem ?? undefined;
}

function checkRef(use: RefUse, resources: ReadonlyMap<string, Resource>, uris: UriResolution): string | undefined {
  const outside =
    `${use.path.describe()}: ${JSON.stringify(use.ref)} does not resolve inside the tool's own schema. toolsift resolves ` +
    'references only within the schema ("#", "#/$defs/name", an $anchor): move the referenced schema into "$defs"';
  const target = uris.resolve(use.base, use.ref);
  const key = target === undefined ? undefined : uris.resourceOf(target);
  const resource = key === undefined ? undefined : resources.get(key);
  if (target === undefined || !resource) return outside;
  const hash = target.indexOf("#");
  const fragment = hash === -1 ? "" : target.slice(hash + 1);
  if (fragment === "") return undefined;
  if (!fragment.startsWith("/")) return resource.anchors.has(decode(fragment) ?? "") ? undefined : outside;
  let node: JsonValue | undefined = resource.node;
  for (const token of fragment.slice(1).split("/")) {
    const key = decode(token)?.replace(/~1/g, "/").replace(/~0/g, "~");
    if (key === undefined || typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return outside;
    node = (node as Record<string, JsonValue>)[key];
  }
  return typeof node === "boolean" || isRecord(node) ? undefined : outside;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
