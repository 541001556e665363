import { describe, expect, it } from "vitest";
import { CatalogueError } from "../errors.js";
import { Catalogue } from "./catalogue.js";
import type { ToolDefinition, ToolHost } from "./tool-definition.js";

const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `Tool ${name}.`,
  inputSchema: { type: "object" },
  execute: () => name,
  ...extra,
});

/** A host whose listing the test sets; `fail` makes listTools reject with that error. */
function hostOf(initial: unknown): { host: ToolHost; set(listed: unknown): void; fail(error: unknown): void } {
  let listed: unknown = initial;
  let failure: unknown;
  let failing = false;
  return {
    host: {
      listTools: async () => {
        if (failing) throw failure;
        return listed as ToolDefinition[];
      },
    },
    set(next) {
      listed = next;
      failing = false;
    },
    fail(error) {
      failure = error;
      failing = true;
    },
  };
}

function warnings(): { seen: [string, string][]; warn: (code: string, message: string) => void } {
  const seen: [string, string][] = [];
  return { seen, warn: (code, message) => seen.push([code, message]) };
}

async function rejection(promise: Promise<unknown>): Promise<CatalogueError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CatalogueError);
  return error as CatalogueError;
}

describe("Catalogue.fromArray", () => {
  it("serves one fixed snapshot, version 1, with the tools by name", async () => {
    const catalogue = Catalogue.fromArray([tool("a"), tool("b")]);
    const snapshot = await catalogue.snapshot();
    expect(snapshot.version).toBe(1);
    expect(snapshot.tools.map((parsed) => parsed.name)).toEqual(["a", "b"]);
    expect(snapshot.byName.get("b")).toBe(snapshot.tools[1]);
    expect([...snapshot.byName.keys()]).toEqual(["a", "b"]);
    expect(await catalogue.snapshot()).toBe(snapshot);
  });

  it("throws a bad definition at once, named by its place in the tools array", () => {
    expect(() => Catalogue.fromArray([tool("a"), tool("a")])).toThrow(CatalogueError);
    expect(() => Catalogue.fromArray([tool("a"), tool("a")])).toThrow(/^tools\[1\] is named "a", like tools\[0\]\./);
  });
});

describe("Catalogue.fromHost: listings", () => {
  it("lists the host on every snapshot, keeping the snapshot and its version while the tools stay the same", async () => {
    const tools = [tool("a"), tool("b")];
    const control = hostOf(tools);
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(control.host, warn);
    const first = await catalogue.snapshot();
    expect(first.version).toBe(1);
    expect(first.byName.get("a")).toBe(first.tools[0]);
    expect(await catalogue.snapshot()).toBe(first);
    // A new array of the same definitions, or of equal new ones, is the same catalogue.
    control.set([...tools]);
    expect(await catalogue.snapshot()).toBe(first);
    control.set([tool("a", { execute: tools[0]!.execute }), tool("b", { execute: tools[1]!.execute })]);
    expect(await catalogue.snapshot()).toBe(first);
    expect(seen).toEqual([]);
  });

  it.each([
    ["a tool is added", (tools: ToolDefinition[]) => [...tools, tool("c")]],
    ["a tool is removed", (tools: ToolDefinition[]) => tools.slice(0, 1)],
    ["the tools are reordered", (tools: ToolDefinition[]) => [tools[1]!, tools[0]!]],
    ["a tool is renamed", (tools: ToolDefinition[]) => [{ ...tools[0]!, name: "renamed" }, tools[1]!]],
    ["a description changes", (tools: ToolDefinition[]) => [{ ...tools[0]!, description: "New text." }, tools[1]!]],
    ["a tool becomes destructive", (tools: ToolDefinition[]) => [{ ...tools[0]!, destructive: true }, tools[1]!]],
    ["a tool's execute is replaced", (tools: ToolDefinition[]) => [{ ...tools[0]!, execute: () => "new" }, tools[1]!]],
  ])("makes a new snapshot with the next version when %s", async (_label, change) => {
    const tools = [tool("a"), tool("b")];
    const control = hostOf(tools);
    const catalogue = Catalogue.fromHost(control.host, () => {});
    const first = await catalogue.snapshot();
    const changed = change(tools);
    control.set(changed);
    const next = await catalogue.snapshot();
    expect(next).not.toBe(first);
    expect(next.version).toBe(2);
    expect(next.tools.map((parsed) => [parsed.name, parsed.description, parsed.destructive])).toEqual(
      changed.map((definition) => [definition.name, definition.description, definition.destructive ?? false]),
    );
    expect(next.byName.get(changed[0]!.name)).toBe(next.tools[0]);
  });

  it("runs the execute of the latest listing", async () => {
    const control = hostOf([tool("a", { execute: () => "old" })]);
    const catalogue = Catalogue.fromHost(control.host, () => {});
    await catalogue.snapshot();
    control.set([tool("a", { execute: () => "new" })]);
    const snapshot = await catalogue.snapshot();
    expect(await snapshot.tools[0]!.run!({}, { sessionId: undefined, stage: "execute" })).toBe("new");
  });

  it("does not let an older listing that finishes late roll the catalogue back", async () => {
    const pending: ((tools: ToolDefinition[]) => void)[] = [];
    const host: ToolHost = { listTools: () => new Promise((resolve) => pending.push(resolve)) };
    const catalogue = Catalogue.fromHost(host, () => {});
    const older = catalogue.snapshot();
    const newer = catalogue.snapshot();
    pending[1]!([tool("a"), tool("b")]);
    const applied = await newer;
    expect(applied.tools.map((parsed) => parsed.name)).toEqual(["a", "b"]);
    pending[0]!([tool("a")]);
    expect(await older).toBe(applied);

    // The next listing is applied as usual.
    const next = catalogue.snapshot();
    pending[2]!([tool("c")]);
    expect((await next).tools.map((parsed) => parsed.name)).toEqual(["c"]);
    expect((await next).version).toBe(2);
  });

  it("applies a listing that finishes after an older one", async () => {
    const pending: ((tools: ToolDefinition[]) => void)[] = [];
    const host: ToolHost = { listTools: () => new Promise((resolve) => pending.push(resolve)) };
    const catalogue = Catalogue.fromHost(host, () => {});
    const older = catalogue.snapshot();
    const newer = catalogue.snapshot();
    pending[0]!([tool("a")]);
    expect((await older).tools.map((parsed) => parsed.name)).toEqual(["a"]);
    pending[1]!([tool("b")]);
    expect((await newer).tools.map((parsed) => parsed.name)).toEqual(["b"]);
    expect((await newer).version).toBe(2);
  });
});

describe("Catalogue.fromHost: a host that fails", () => {
  it("fails the first snapshot when the host's listTools() throws, with the reason", async () => {
    const control = hostOf([]);
    const boom = new Error("server gone");
    control.fail(boom);
    const error = await rejection(Catalogue.fromHost(control.host, () => {}).snapshot());
    expect(error.code).toBe("host_list_failed");
    expect(error.message).toBe("The tool host's listTools() failed: server gone.");
    expect(error.cause).toBe(boom);
  });

  it("passes on a CatalogueError the host throws as it is", async () => {
    const control = hostOf([]);
    const own = new CatalogueError("invalid_tool", "The host says no.");
    control.fail(own);
    expect(await rejection(Catalogue.fromHost(control.host, () => {}).snapshot())).toBe(own);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["object", { tools: [] }],
    ["string", "tools"],
  ])("fails the first snapshot when listTools() resolves to %s", async (shown, listed) => {
    const error = await rejection(Catalogue.fromHost(hostOf(listed).host, () => {}).snapshot());
    expect(error.code).toBe("invalid_host");
    expect(error.message).toBe(
      `The tool host's listTools() resolved to ${shown}, not an array of tool definitions. Fix the host.`,
    );
  });

  it("keeps the last good catalogue, with a warning, when a later listing fails or is not an array", async () => {
    const control = hostOf([tool("a")]);
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(control.host, warn);
    const good = await catalogue.snapshot();
    control.fail(new Error("timeout"));
    expect(await catalogue.snapshot()).toBe(good);
    control.set(null);
    expect(await catalogue.snapshot()).toBe(good);
    expect(seen).toEqual([
      ["host_list_failed", "The tool host's listTools() failed: timeout. The last good list of tools stays in use."],
      [
        "invalid_host",
        "The tool host's listTools() resolved to null, not an array of tool definitions. Fix the host. The last good list of tools stays in use.",
      ],
    ]);
  });

  it("fails every snapshot until one listing has succeeded", async () => {
    const control = hostOf(null);
    const catalogue = Catalogue.fromHost(control.host, () => {});
    await rejection(catalogue.snapshot());
    await rejection(catalogue.snapshot());
    control.set([tool("a")]);
    expect((await catalogue.snapshot()).version).toBe(1);
  });
});

describe("Catalogue.fromHost: bad tools", () => {
  const bad = (name: string) => tool(name, { destructive: "yes" as unknown as boolean });

  it("skips a bad tool with a warning that says why, and serves the rest", async () => {
    const { seen, warn } = warnings();
    const snapshot = await Catalogue.fromHost(hostOf([tool("a"), bad("b")]).host, warn).snapshot();
    expect(snapshot.tools.map((parsed) => parsed.name)).toEqual(["a"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe("invalid_destructive");
    expect(seen[0]![1]).toMatch(
      /^A tool from the host was skipped: host\.listTools\(\)\[1\] \("b"\) has destructive: "yes"/,
    );
  });

  it("warns about a tool that stays bad once, and again if it comes back after it was gone", async () => {
    const good = tool("a");
    const broken = bad("b");
    const control = hostOf([good, broken]);
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(control.host, warn);
    await catalogue.snapshot();
    control.set([good, broken]);
    await catalogue.snapshot();
    await catalogue.snapshot();
    expect(seen).toHaveLength(1);

    control.set([good]);
    await catalogue.snapshot();
    expect(seen).toHaveLength(1);
    control.set([good, broken]);
    await catalogue.snapshot();
    expect(seen).toHaveLength(2);
  });

  it("skips an entry of the listing that cannot be read, on the first listing and the next", async () => {
    // A Proxy over the array whose entry 1 always throws: one bad entry, not a failed listing.
    const listed = new Proxy([tool("a"), tool("b"), tool("c")], {
      get: (target, key, receiver) => {
        if (key === "1") throw new Error("entry trap");
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(hostOf(listed).host, warn);
    expect((await catalogue.snapshot()).tools.map((parsed) => parsed.name)).toEqual(["a", "c"]);
    expect((await catalogue.snapshot()).tools.map((parsed) => parsed.name)).toEqual(["a", "c"]);
    expect(seen).toEqual([
      ["unreadable_tool", "A tool from the host was skipped: host.listTools()[1] could not be read (entry trap)."],
    ]);
  });

  it("warns about each new bad tool while an old one stays bad", async () => {
    const good = tool("a");
    const control = hostOf([good, bad("b")]);
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(control.host, warn);
    await catalogue.snapshot();
    control.set([good, bad("b"), bad("c")]);
    await catalogue.snapshot();
    expect(seen.map(([, message]) => message.match(/\("(\w)"\)/)![1])).toEqual(["b", "c"]);
  });
});

describe("Catalogue: schemas mended to be checked", () => {
  const loose = (name: string, type = "STRING") =>
    tool(name, { inputSchema: { type: "object", properties: { q: { type } } } });

  it("serves a fixed array's loosely written tool, warning once for it and for no other", () => {
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromArray([tool("a"), loose("b")], warn);
    expect(catalogue.latest()!.byName.get("b")!.inputSchema).toEqual({
      type: "object",
      properties: { q: { type: "string" } },
    });
    expect(seen).toEqual([
      [
        "schema_mended",
        'The input schema of "b" was mended so that its inputs can be checked: "type" "STRING" at /properties/q read as ' +
          '"string". The tool uses the mended schema; fix the schema where the tool is defined to silence this warning.',
      ],
    ]);
  });

  it("serves a host's loosely written tool instead of skipping it, and warns once while it stays so", async () => {
    const control = hostOf([tool("a"), loose("b")]);
    const { seen, warn } = warnings();
    const catalogue = Catalogue.fromHost(control.host, warn);
    expect((await catalogue.snapshot()).tools.map((parsed) => parsed.name)).toEqual(["a", "b"]);
    control.set([tool("a"), loose("b")]);
    await catalogue.snapshot();
    expect(seen.map(([code]) => code)).toEqual(["schema_mended"]);

    // Written loosely in another way, it is reported again.
    control.set([tool("a"), loose("b", "int")]);
    await catalogue.snapshot();
    expect(seen).toHaveLength(2);
    expect(seen[1]![1]).toContain('"type" "int" at /properties/q read as "integer"');
  });
});
