// Run by memory.test.ts in a child process started with --expose-gc: whether a compiled input
// validator outlives what compiled it. Every validator compiled is watched through a WeakRef
// (InputValidator.validator is wrapped here, in this process only); after full collections,
// those of tool searches that are gone, and of schemas a host no longer lists, must be gone.
import { setTimeout as delay } from "node:timers/promises";
import { InputValidator } from "../../src/catalogue/validate-input.js";
import { createToolSearch, type ToolDefinition } from "../../src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const searches = Number(process.argv[2] ?? 200);
const relistings = Number(process.argv[3] ?? 200);

const watched = new Map<string, WeakRef<object>[]>();
const seen = new WeakSet<object>();
let group = "";
const compile = InputValidator.prototype.validator;
InputValidator.prototype.validator = function (this: InputValidator) {
  const validator = compile.call(this);
  if (typeof validator === "function" && !seen.has(validator)) {
    seen.add(validator);
    watched.set(group, [...(watched.get(group) ?? []), new WeakRef(validator)]);
  }
  return validator;
};

function toolOf(version: number): ToolDefinition {
  return {
    name: "files__write",
    description: "Write a file.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", pattern: `^/tmp/${version}/` },
        mode: { enum: ["a", "w", String(version)] },
      },
      required: ["path"],
    },
    execute: () => "written",
  };
}

async function call(
  session: { execute: (call: never) => Promise<{ content?: unknown }> },
  version: number,
): Promise<void> {
  const result = await session.execute({
    type: "tool_use",
    id: `toolu_${version}`,
    name: "files__write",
    input: { path: `/tmp/${version}/a` },
  } as never);
  if (result.content !== "written") throw new Error(`call ${version} failed: ${JSON.stringify(result)}`);
}

// A tool search that stays: its validator must stay too (else the check below proves nothing).
group = "kept";
const kept = await createToolSearch({ tools: [toolOf(-1)] });
await call(kept.session(), -1);

// Short-lived tool searches, each compiling its own schema by a call, then dropped.
// In a function of its own: a suspended async frame (this module's, at each await) may keep
// the registers of a finished loop, and so its last tool search, alive.
async function shortLived(): Promise<void> {
  for (let index = 0; index < searches; index++) {
    const search = await createToolSearch({ tools: [toolOf(index)] });
    await call(search.session(), index);
    await search.close();
  }
}
group = "gone";
await shortLived();

// One tool search whose host lists a changed schema every time: only the current one is needed.
group = "relisted";
let version = 1_000_000;
const relisting = await createToolSearch({ tools: { listTools: async () => [toolOf(version)] } });
const session = relisting.session();
for (let index = 0; index < relistings; index++, version++) await call(session, version);

// WeakRefs made during a job hold their target until it ends: collect after a turn of the loop.
await delay(10);
gc();
gc();
await delay(10);
gc();
const alive = (name: string) => (watched.get(name) ?? []).filter((ref) => ref.deref() !== undefined).length;
process.stdout.write(
  JSON.stringify({
    kept: { compiled: watched.get("kept")?.length ?? 0, alive: alive("kept") },
    // Which ones, by order of compiling, so a failure shows whether all stay or only the last.
    gone: {
      compiled: watched.get("gone")?.length ?? 0,
      alive: alive("gone"),
      which: (watched.get("gone") ?? []).flatMap((ref, i) => (ref.deref() ? [i] : [])),
    },
    relisted: { compiled: watched.get("relisted")?.length ?? 0, alive: alive("relisted") },
  }),
);
// Still referenced here, so the kept validators are alive for the check above.
await kept.close();
await relisting.close();
