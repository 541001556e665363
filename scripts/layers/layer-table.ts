// The one table of src/'s layers, bottom to top. The lint's import rules (the generated overrides
// in biome.jsonc) and the layout in docs/contributing.md are both written from it by
// `npx tsx scripts/layers/write-layers.ts`, and scripts/layers/layer-table.test.ts fails when
// either differs from what the table says. Change the layering here, never by hand there.
// GATEWAY_LAYERS does the same for the folders inside src/gateway/.

/** One layer of src/: some files, what it is for, and what it may import. */
export interface Layer {
  /** The layer's name in messages and the layout: a folder as `ranking/`, root files by their names. */
  readonly name: string;
  /** The files, as Biome include globs relative to the repository (tests and fixtures are left out by the generator). */
  readonly files: readonly string[];
  /** How an import names this layer's folder, when it is a folder of src/ (root files are never restricted). */
  readonly folder?: string;
  /** What it holds, one line, for the layout. */
  readonly purpose: string;
  /**
   * What it may import, when that is not simply "every layer below": the names of the layers it
   * may import. Root files below it (errors.ts, describe-value.ts, events.ts) stay importable
   * unless they are left out here, since the lint restricts folders only.
   */
  readonly mayImport?: readonly string[];
  /** Why it breaks the plain order, when `mayImport` is set: the end of the lint's message. */
  readonly why?: string;
}

export const LAYERS: readonly Layer[] = [
  {
    name: "errors.ts, describe-value.ts",
    files: ["src/errors.ts", "src/describe-value.ts", "src/version.ts"],
    purpose: "the typed errors and their codes, how a value is named in a message, and the version",
    mayImport: [],
    why: "errors.ts and describe-value.ts are the bottom layer: they import no folder of src/.",
  },
  {
    name: "util/",
    folder: "util",
    files: ["src/util/**"],
    purpose:
      "the small helpers every layer shares: a record guard, a timer cap, an optional-package loader, the package's own files, the option key check",
  },
  {
    name: "events.ts",
    files: ["src/events.ts"],
    purpose: "the tool search's event vocabulary",
    mayImport: ["ranking/"],
    why: "events.ts stands on ranking's types only.",
  },
  { name: "telemetry/", folder: "telemetry", files: ["src/telemetry/**"], purpose: "optional OpenTelemetry spans" },
  {
    name: "ranking/",
    folder: "ranking",
    files: ["src/ranking/**"],
    purpose: "BM25, the bundled embedding model, the hybrid, and the query and text analysis they share",
  },
  {
    name: "catalogue/",
    folder: "catalogue",
    files: ["src/catalogue/**"],
    purpose: "tool definitions, their checks and limits, and the catalogue that holds them",
  },
  {
    name: "wire/",
    folder: "wire",
    files: ["src/wire/**"],
    purpose: "one wire codec per model API (a folder each) and their registry",
  },
  { name: "mcp/", folder: "mcp", files: ["src/mcp/**"], purpose: "fromMcp: MCP servers as a catalogue" },
  {
    name: "session/",
    folder: "session",
    files: ["src/session/**"],
    purpose: "a conversation's working set: stubs, search_tools, hydration and dispatch",
  },
  { name: "learning/", folder: "learning", files: ["src/learning/**"], purpose: "learning from use, and its stores" },
  {
    name: "enrichment/",
    folder: "enrichment",
    files: ["src/enrichment/**"],
    purpose: "better descriptions and example requests, written by the user's model",
  },
  {
    name: "tool-search/",
    folder: "tool-search",
    files: ["src/tool-search/**"],
    purpose: "createToolSearch: options, the search pipeline and the session registry",
  },
  {
    name: "agent/",
    folder: "agent",
    files: ["src/agent/**"],
    purpose: "runAgent and its providers, strategies and fallback",
  },
  { name: "ai/", folder: "ai", files: ["src/ai/**"], purpose: "the Vercel AI SDK adapter" },
  {
    name: "testing/",
    folder: "testing",
    files: ["src/testing/**"],
    purpose: "toolsift/testing: scripted model API servers and fixtures for users' tests",
  },
  {
    name: "the public faces",
    folder: "public",
    files: ["src/index.ts", "src/public/**", "src/for-apps.ts"],
    purpose: "src/index.ts and src/public/*: what each entry point exports; for-apps.ts: the internals the apps use",
    mayImport: [
      "errors.ts, describe-value.ts",
      "util/",
      "events.ts",
      "telemetry/",
      "ranking/",
      "catalogue/",
      "wire/",
      "mcp/",
      "session/",
      "learning/",
      "enrichment/",
      "tool-search/",
      "agent/",
      "ai/",
      "testing/",
      "gateway/",
    ],
    why: "A public face does not import cli/, the top; toolsift/gateway re-exports gateway/.",
  },
  {
    name: "gateway/",
    folder: "gateway",
    files: ["src/gateway/**"],
    purpose: "toolsift serve: the MCP gateway",
    mayImport: ["errors.ts, describe-value.ts", "util/", "events.ts", "the public faces"],
    why:
      "gateway/ stands on the public faces (src/index.ts, src/public/*), errors.ts, util/, events.ts, describe-value.ts " +
      "and for-apps.ts (the internals the apps use, each with its reason); not on a folder's internals.",
  },
  {
    name: "model-build/",
    folder: "model-build",
    files: ["src/model-build/**"],
    purpose: "toolsift model build: model folders translated on the user's machine from a pinned npm tarball",
    mayImport: ["errors.ts, describe-value.ts", "util/", "ranking/"],
    why:
      "model-build/ is a build tool the CLI runs, not part of the library: it stands on errors.ts, util/ and ranking/ " +
      "(the GloVe build retrofits the synonyms BM25 reads), and only cli/ imports it.",
  },
  {
    name: "cli/",
    folder: "cli",
    files: ["src/cli/**"],
    purpose: "the toolsift command",
    mayImport: ["errors.ts, describe-value.ts", "util/", "events.ts", "the public faces", "gateway/", "model-build/"],
    why:
      "cli/ stands on the public faces (src/index.ts, src/public/*), errors.ts, util/, events.ts, describe-value.ts, " +
      "for-apps.ts (the internals the apps use, each with its reason), gateway/, which it launches, and model-build/, " +
      "which it runs; not on a folder's internals.",
  },
];

/**
 * The folders inside src/gateway/, bottom to top: each imports only those below it (and the
 * gateway's root files, which the lint leaves free; the test of the gateway's graph holds them
 * to no cycle). Settings: each concept parses its own (`auth/auth-config.ts`, …) on the shared
 * kit in settings/; config/ reads the file and composes them, above every concept it composes.
 * No inner folder may share a name with a folder of src/: the lint's patterns match by name.
 */
export const GATEWAY_LAYERS: readonly Layer[] = [
  {
    name: "gateway/settings/",
    folder: "settings",
    files: ["src/gateway/settings/**"],
    purpose:
      "the kit every setting is parsed with: JSONC, bounded file reads, environment variables, paths, redaction, ConfigError",
  },
  {
    name: "gateway/auth/",
    folder: "auth",
    files: ["src/gateway/auth/**"],
    purpose: "who calls over HTTP: static tokens, OAuth, the caller, and the `auth` settings",
  },
  {
    name: "gateway/listing/",
    folder: "listing",
    files: ["src/gateway/listing/**"],
    purpose: "what one tools/list holds, and its budget settings",
  },
  {
    name: "gateway/web/",
    folder: "web",
    files: ["src/gateway/web/**"],
    purpose:
      "the HTTP kit both MCP eras share: limits, origin guard, replies, session table, web bridge, `http` settings",
  },
  {
    name: "gateway/policy/",
    folder: "policy",
    files: ["src/gateway/policy/**"],
    purpose: "allow, deny, confirmation, rate limits and per-caller policies, and their settings",
  },
  {
    name: "gateway/observe/",
    folder: "observe",
    files: ["src/gateway/observe/**"],
    purpose: "the gateway's events, audit log and metrics, and their settings",
  },
  {
    name: "gateway/passthrough/",
    folder: "passthrough",
    files: ["src/gateway/passthrough/**"],
    purpose:
      "what passes between upstream servers and clients besides calls: progress, log messages and resource updates, bounded",
  },
  {
    name: "gateway/replicas/",
    folder: "replicas",
    files: ["src/gateway/replicas/**"],
    purpose: "the store replicas share MCP sessions through (memory, PostgreSQL), and the `sessions` setting",
  },
  {
    name: "gateway/pins/",
    folder: "pins",
    files: ["src/gateway/pins/**"],
    purpose: "tool pins: fingerprints, the lock file, what changed, and the pin settings",
  },
  {
    name: "gateway/content/",
    folder: "content",
    files: ["src/gateway/content/**"],
    purpose: "upstream resources, prompts and call results, under namespaced names",
  },
  {
    name: "gateway/config/",
    folder: "config",
    files: ["src/gateway/config/**"],
    purpose: "reads a config file and composes every concept's settings into a GatewayConfig",
  },
  {
    name: "gateway/modern/",
    folder: "modern",
    files: ["src/gateway/modern/**"],
    purpose: "the stateless MCP era (SDK v2): its server, stdio and HTTP faces",
  },
  {
    name: "gateway/http/",
    folder: "http",
    files: ["src/gateway/http/**"],
    purpose: "serve --http: the listener, its routes, and sessions shared between replicas",
  },
];
