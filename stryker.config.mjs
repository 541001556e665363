// Mutation testing of the folders that decide what runs: the catalogue (definitions, schemas,
// validation), sessions (blocks, hydration, execution), the tool search (permissions,
// approval) and the gateway's access controls (policy, auth, pins). `npm run mutate`; the report lands in reports/mutation/.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { PluginKind, declareFactoryPlugin } from "@stryker-mutator/api/plugin";

/**
 * Mutants that no test can kill because the mutated code behaves the same, each with the reason.
 * They live here rather than as `// Stryker disable` comments so that production code carries no
 * tool's pragmas. A spot is named by its code, not by a line number, so edits around it do not
 * move it: `code` is the source text of the mutated expression (whitespace and trailing commas
 * aside, so reformatting keeps it), and `within`, where that text occurs more than once in the
 * file, is more text of the statement that holds it. Each entry ignores its mutators on the line
 * where its code starts, as the comment did on the line below it, so an entry names the very node
 * a mutator changes (one entry per node): a formatter may put its parent on another line. An entry that matches no spot,
 * or more than one, stops `npm run mutate` with its name, and fails test/mutation/known-equivalents.test.ts.
 */
export const knownEquivalentMutants = [
  // src/catalogue/
  {
    file: "src/catalogue/catalogue.ts",
    mutators: ["ConditionalExpression"],
    code: "!this.host",
    reason:
      "without the early return, an array catalogue's list() throws on the missing host and the catch serves `current` all the same (its warn is a no-op).",
  },
  {
    file: "src/catalogue/catalogue.ts",
    mutators: ["EqualityOperator"],
    code: "listing < this.appliedListing",
    reason: "listing numbers are never reused, so `listing` never equals the applied one here.",
  },
  {
    file: "src/catalogue/catalogue.ts",
    mutators: ["ConditionalExpression"],
    code: "a === b",
    reason: "a shortcut only; the same array also passes the element-wise check.",
  },
  {
    file: "src/catalogue/host-listing.ts",
    mutators: ["ArrayDeclaration"],
    code: "[]",
    within: "const entries:",
    reason: "parseCatalogue fits entries to the listing, and a stale slot it leaves reads as unparsed.",
  },
  {
    file: "src/catalogue/host-listing.ts",
    mutators: ["BlockStatement"],
    code: "{ return false; }",
    within: "catch",
    reason: "an empty catch returns undefined, which reads as false too.",
  },
  {
    file: "src/catalogue/host-listing.ts",
    mutators: ["BlockStatement"],
    code: "{ return undefined; }",
    within: "catch",
    reason: "an empty catch returns undefined too.",
  },
  {
    file: "src/catalogue/read-definition.ts",
    mutators: ["EqualityOperator"],
    code: "index < tags.length",
    reason: "the lengths are equal here, so one more step compares undefined with undefined.",
  },
  {
    file: "src/catalogue/input-validator.ts",
    mutators: ["BooleanLiteral"],
    code: "validateSchema: false",
    reason: "checkSchema has validated against the same meta-schema; only time is saved.",
  },
  {
    file: "src/catalogue/safe-regexp.ts",
    mutators: ["Regex"],
    code: "/^error parsing regexp: /",
    reason: "re2js puts the preamble only at the start, so an unanchored match removes the same text.",
  },
  {
    file: "src/catalogue/safe-regexp.ts",
    mutators: ["ObjectLiteral"],
    code: '{ code: "toolsift.safeRegExp" }',
    reason: "ajv reads `code` only when it writes standalone code, which toolsift never does.",
  },
  {
    file: "src/catalogue/safe-regexp.ts",
    mutators: ["StringLiteral"],
    code: '"toolsift.safeRegExp"',
    reason: "ajv reads `code` only when it writes standalone code, which toolsift never does.",
  },
  {
    file: "src/catalogue/check-schema.ts",
    mutators: ["ArrayDeclaration"],
    code: "[]",
    within: "const [error] = errors ?? [];",
    reason:
      "ajv (and its generated validators) always set errors when validation fails, so the fallback is never read.",
  },
  {
    file: "src/catalogue/check-schema.ts",
    mutators: ["OptionalChaining"],
    code: 'resources.get(uris.resourceOf(base) ?? "")?.anchors',
    reason: "base always names a registered resource (the root or a resolved $id).",
  },
  {
    file: "src/catalogue/check-schema.ts",
    mutators: ["OptionalChaining"],
    code: "anchors?.has(anchor)",
    reason: "anchors is defined whenever there is an anchor to loop over.",
  },
  {
    file: "src/catalogue/check-schema.ts",
    mutators: ["OptionalChaining"],
    code: "anchors?.add(anchor)",
    reason: "anchors is defined whenever there is an anchor to loop over.",
  },
  // src/session/ and src/wire/
  {
    file: "src/session/build-view.ts",
    mutators: ["ArrayDeclaration"],
    code: "[]",
    within: "permitted.othersByName.get(name) ?? []",
    reason:
      "anything put in place of a missing tool is dropped by the stillPermitted filter below (it has no name the snapshot holds)",
  },
  {
    file: "src/session/tool-search-session.ts",
    mutators: ["ArrayDeclaration"],
    code: "[]",
    within: "const hydrated: string[] = []",
    reason: "a name that was not hydrated is dropped by the hydration.has filter on return",
  },
  {
    file: "src/session/tool-search-session.ts",
    mutators: ["BooleanLiteral"],
    code: "false",
    within: "if (this.services.tuning.keepTools.includes(tool.name)) return false;",
    reason: "only hydrate() reads this, and it keeps only names the hydration holds, which a keep tool never is",
  },
  {
    file: "src/wire/tool-format.ts",
    mutators: ["StringLiteral"],
    code: '"anthropic"',
    within: "if (format === undefined)",
    reason:
      "tools() lays out every format but the two OpenAI ones as Anthropic, so any other string here gives the same block",
  },
  {
    file: "src/session/first-sentence.ts",
    mutators: ["Regex"],
    code: "/^#*(?:\\s|\\p{Extended_Pictographic}|\\uFE0F|\\u200D)*/u",
    reason:
      "every part of it is optional, so it matches at the start of any line: without `^` it replaces the same text.",
  },
  {
    file: "src/session/first-sentence.ts",
    mutators: ["StringLiteral"],
    code: '""',
    within: "sentence[MAX_LENGTH - 2]",
    reason: 'never read, as the sentence is over 160 units long; `?? ""` only satisfies the type checker.',
  },
  // src/tool-search/
  {
    file: "src/tool-search/tool-search.ts",
    mutators: ["OptionalChaining"],
    code: "ranker.embedder?.()",
    reason: "Learning catches a throwing embedderOf and treats it as no embedder, as it does undefined",
  },
  {
    file: "src/tool-search/permissions.ts",
    mutators: ["UpdateOperator"],
    code: "this.epoch++",
    reason: "the epoch is only compared for equality, so counting down invalidates the cached blocks as well",
  },
  {
    file: "src/tool-search/tool-search.ts",
    mutators: ["OptionalChaining"],
    code: "options?.at",
    within: "learn(): at must be a Date",
    reason: "only an invalid options.at gets here, so options is an object",
  },
  {
    file: "src/tool-search/tool-search.ts",
    mutators: ["MethodExpression"],
    code: "query.trim()",
    within: "learning.teach(scope, [query.trim()], toolName, { at })",
    reason: "teach() trims every query itself",
  },
  {
    file: "src/tool-search/permissions.ts",
    mutators: ["StringLiteral"],
    code: 'this.permit ? (context.sessionId ?? "") : ""',
    reason: "any constant serves; a block always has a session id, and without permit one key serves every session",
  },
  {
    file: "src/tool-search/session-registry.ts",
    mutators: ["ConditionalExpression"],
    code: "options === undefined",
    within: "return { request: {} }",
    reason: "session() defaults its options to {}, so undefined never gets here",
  },
  {
    file: "src/tool-search/session-registry.ts",
    mutators: ["ObjectLiteral"],
    code: "{ request: {} }",
    within: "if (options === undefined)",
    reason: "session() defaults its options to {}, so undefined never gets here",
  },
  {
    file: "src/tool-search/parse-options.ts",
    mutators: ["OptionalChaining"],
    code: "onEvent?.(event)",
    reason: "without onEvent the call throws inside this try, which swallows it",
  },
  // src/gateway/auth/
  {
    file: "src/gateway/auth/auth-config.ts",
    mutators: ["BlockStatement"],
    code: "{ parsed = undefined; }",
    within: "catch",
    reason: "parsed is still undefined when new URL throws, so an empty catch leaves it so too.",
  },
  {
    file: "src/gateway/auth/issuer-metadata.ts",
    mutators: ["BlockStatement"],
    code: "{ return false; }",
    within: "catch",
    reason: "an empty catch returns undefined, which reads as false too.",
  },
  {
    file: "src/gateway/auth/bounded-fetch.ts",
    mutators: ["OptionalChaining"],
    code: "response.body?.getReader()",
    reason: "only a 200 answer gets here, and only 101, 103, 204, 205 and 304 answers have no body.",
  },
  {
    file: "src/gateway/auth/oauth-verifier.ts",
    mutators: ["StringLiteral"],
    code: '"invalid claims"',
    reason: "with the options oauthVerifier gives, jose names only claims the table holds (iss, aud, exp, nbf, iat).",
  },
  {
    file: "src/gateway/auth/oauth-verifier.ts",
    mutators: ["StringLiteral"],
    code: '"the signing keys could not be fetched a moment ago"',
    reason:
      "reasonOf maps a KeysUnavailable to a fixed reason, and at start (whose error quotes it) no fetch has failed yet.",
  },
  {
    file: "src/gateway/auth/oauth-verifier.ts",
    mutators: ["ConditionalExpression"],
    code: "pending === shared",
    reason:
      "the waiters of one fetch resume one after another in one turn, so none can find a newer fetch to clear (jose shares a reload too).",
  },
  // src/gateway/pins/
  {
    file: "src/gateway/pins/tool-pins.ts",
    mutators: ["UpdateOperator"],
    code: "this.version++",
    reason: "pinsVersion is only compared for equality, so counting down tells of a change as well",
  },
  {
    file: "src/gateway/pins/tool-pins.ts",
    mutators: ["OptionalChaining"],
    code: "this.toolSearch?.refreshPermissions()",
    reason:
      "follow() sets the tool search with the host; repin() gets here only with a host, reload() only from the watch follow() starts",
  },
  {
    file: "src/gateway/pins/tool-pins.ts",
    mutators: ["OptionalChaining"],
    code: "this.pins.get(name)?.server",
    reason: "every unsaved name has a pin: pin() sets it, and replacePins() puts the unsaved ones back",
  },
  {
    file: "src/gateway/pins/tool-pins.ts",
    mutators: ["ConditionalExpression"],
    code: "server !== undefined",
    within: "this.unwritten.add(server)",
    reason: "every unsaved name has a pin: pin() sets it, and replacePins() puts the unsaved ones back",
  },
  {
    file: "src/gateway/pins/tool-lock.ts",
    mutators: ["BlockStatement"],
    code: "{ schemaChars = Number.POSITIVE_INFINITY; }",
    within: "catch",
    reason: "left undefined, schemaChars <= LOCK_LIMITS.schemaChars is false as well: the schema is not kept",
  },
  {
    file: "src/gateway/pins/tool-lock.ts",
    mutators: ["Regex"],
    code: "/^[0-9a-f]{64}$/",
    reason: "parseLock reads sha256 as at most 64 characters, so 64 hex digits anywhere in it are all of it",
  },
];

/** Code compared without its whitespace and trailing commas, which a formatter may change. */
const normalized = (code) => code.replace(/\s+/g, "").replace(/,(?=[)\]}])/g, "");

/** The statement that holds a node: the one in a block or at the top of the file, an if with its branch. */
function statementOf(path) {
  let statement = path;
  while (
    statement.parentPath &&
    !(statement.isStatement() && (statement.parentPath.isBlockStatement() || statement.parentPath.isProgram()))
  ) {
    statement = statement.parentPath;
  }
  return statement;
}

/** The nodes (babel paths) each entry for one file names: the outermost ones whose code and statement fit. */
export function spotsOf(entries, program) {
  const source = program.hub.file.code;
  const textOf = (path) => normalized(source.slice(path.node.start, path.node.end));
  const spots = new Map(entries.map((entry) => [entry, []]));
  program.traverse({
    enter(path) {
      if (path.node.start == null) return;
      const text = textOf(path);
      for (const entry of entries) {
        if (text !== normalized(entry.code)) continue;
        if (entry.within !== undefined && !textOf(statementOf(path)).includes(normalized(entry.within))) continue;
        const found = spots.get(entry);
        // A node inside one already found (the same text, wrapped) is the same spot.
        if (!found.some((outer) => path.isDescendant(outer))) found.push(path);
      }
    },
  });
  return spots;
}

/**
 * Stryker's Ignorer API ignores a node's whole subtree for every mutator, where a `// Stryker
 * disable next-line X` comment ignores mutator X on one line. To keep exactly the comment's
 * effect, this ignorer ignores no subtree itself: when Stryker enters a file, it gives the line of
 * each spot Stryker's own directive, as a comment in the syntax tree only (on the outermost node
 * that starts on that line, where the comment above the line would sit), so the mutants ignored
 * and the reason reported for them are those of the comment in the source.
 */
const knownEquivalents = {
  shouldIgnore(path) {
    if (!path.isProgram()) return undefined;
    const file = relative(process.cwd(), path.hub.file.opts.filename).replaceAll("\\", "/");
    const entries = knownEquivalentMutants.filter((entry) => entry.file === file);
    for (const [entry, spots] of spotsOf(entries, path)) {
      if (spots.length !== 1) {
        throw new Error(
          `stryker.config.mjs: the known-equivalent entry ${describe(entry)} matches ${spots.length} spots, not 1; update it.`,
        );
      }
      let line = spots[0];
      while (!line.parentPath.isProgram() && line.parentPath.node.loc.start.line === line.node.loc.start.line)
        line = line.parentPath;
      // ignore: Stryker reads the directive, the printed code leaves it out.
      const directive = {
        type: "CommentLine",
        value: ` Stryker disable next-line ${entry.mutators.join(",")}: ${entry.reason}`,
        ignore: true,
      };
      line.node.leadingComments = [...(line.node.leadingComments ?? []), directive];
    }
    return undefined;
  },
};

const describe = (entry) => `for ${entry.file} (${entry.mutators.join()}: ${JSON.stringify(entry.code)})`;

/** An entry whose file is gone or no longer holds its code (moved in a refactor) stops the run too. */
function knownEquivalentsChecked() {
  for (const entry of knownEquivalentMutants) {
    if (!existsSync(entry.file) || !normalized(readFileSync(entry.file, "utf8")).includes(normalized(entry.code))) {
      throw new Error(
        `stryker.config.mjs: the known-equivalent entry ${describe(entry)} is not in that file any more; update it.`,
      );
    }
  }
  return knownEquivalents;
}
knownEquivalentsChecked.inject = [];

export const strykerPlugins = [declareFactoryPlugin(PluginKind.Ignore, "known-equivalents", knownEquivalentsChecked)];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  // This file is also the plugin that carries the known-equivalent mutants above.
  appendPlugins: ["./stryker.config.mjs"],
  ignorers: ["known-equivalents"],
  mutate: [
    "src/catalogue/**/*.ts",
    "src/session/**/*.ts",
    "src/tool-search/**/*.ts",
    "src/wire/**/*.ts",
    "src/gateway/policy/**/*.ts",
    "src/gateway/auth/**/*.ts",
    "src/gateway/pins/**/*.ts",
    "!src/**/*.test.ts",
    "!src/**/*.fixture.ts",
    "!src/**/index.ts",
    // Generated code (ajv's meta-schema validators): nobody edits it, and the instrumenter rewrites
    // its first line, which fails the test that holds it equal to ajv's output.
    "!src/**/*.generated.ts",
  ],
  // Stryker's sandbox would put `// @ts-nocheck` atop every source file and strip other `@ts-`
  // directives, rewriting the generated validators' first line (a test holds them equal to
  // ajv's output). Vitest does not type-check, so the mutants' type errors need no hiding.
  disableTypeChecks: false,
  coverageAnalysis: "perTest",
  // The initial run of the tests over all the instrumented files (every mutant switched in, with
  // per-test coverage) takes over Stryker's default 5 minutes on a 2-core machine, and more on a
  // fresh clone with no transform cache: it timed out there before any mutant ran.
  dryRunTimeoutMinutes: 30,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: ".stryker-tmp",
};
