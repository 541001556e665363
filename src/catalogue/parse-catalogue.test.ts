import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { CatalogueError } from "../errors.js";
import { parseCatalogue, type ParseCache, type ParsedEntry } from "./parse-catalogue.js";
import type { ToolDefinition } from "./tool-definition.js";

const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `Tool ${name}.`,
  inputSchema: { type: "object" },
  ...extra,
});

/** A definition that fails its checks: `destructive` must be a boolean. */
const bad = (name: string): ToolDefinition => tool(name, { destructive: "yes" as unknown as boolean });

/** A definition whose fields read well but whose schema cannot check anything (an empty enum). */
const badSchema = (name: string): ToolDefinition =>
  tool(name, { inputSchema: { type: "object", properties: { x: { enum: [] } } } as ToolDefinition["inputSchema"] });

const thrown = (run: () => unknown) => thrownBy(run, CatalogueError);

function collecting(): { errors: CatalogueError[]; onBadTool: (error: CatalogueError) => void } {
  const errors: CatalogueError[] = [];
  return { errors, onBadTool: (error) => errors.push(error) };
}

describe("parseCatalogue", () => {
  it("returns every tool, in order", () => {
    expect(parseCatalogue([tool("a"), tool("b"), tool("c")], "tools").map((parsed) => parsed.name)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(parseCatalogue([], "tools")).toEqual([]);
  });

  it("throws the first bad definition by default, named by its position", () => {
    const error = thrown(() => parseCatalogue([tool("a"), bad("b"), bad("c")], "tools"));
    expect(error.code).toBe("invalid_destructive");
    expect(error.message).toMatch(/^tools\[1\] \("b"\) has destructive/);
  });

  it("skips each bad definition and reports it, keeping every good one", () => {
    const { errors, onBadTool } = collecting();
    const tools = parseCatalogue([bad("a"), tool("b"), bad("c"), tool("d")], "host.listTools()", onBadTool);
    expect(tools.map((parsed) => parsed.name)).toEqual(["b", "d"]);
    expect(errors.map((error) => [error.code, error.message.slice(0, 22)])).toEqual([
      ["invalid_destructive", 'host.listTools()[0] ("'],
      ["invalid_destructive", 'host.listTools()[2] ("'],
    ]);
  });

  it("refuses a second tool of the same name, pointing at the first", () => {
    const error = thrown(() => parseCatalogue([tool("a"), tool("b"), tool("a")], "tools"));
    expect(error.code).toBe("duplicate_tool_name");
    expect(error.message).toBe(
      'tools[2] is named "a", like tools[0]. Tool names must be unique: rename one (tools from different servers can be namespaced "server__tool").',
    );
  });

  it("skips every later duplicate from a host, each pointing at the one kept", () => {
    const { errors, onBadTool } = collecting();
    const tools = parseCatalogue(
      [tool("a", { server: "one" }), tool("a", { server: "two" }), tool("b"), tool("a")],
      "host",
      onBadTool,
    );
    expect(tools.map((parsed) => [parsed.name, parsed.server])).toEqual([
      ["a", "one"],
      ["b", undefined],
    ]);
    expect(errors.map((error) => error.message.split(".")[0])).toEqual([
      'host[1] is named "a", like host[0]',
      'host[3] is named "a", like host[0]',
    ]);
  });

  it("lets a good tool take a name a skipped bad one had", () => {
    const { errors, onBadTool } = collecting();
    expect(parseCatalogue([bad("a"), tool("a")], "host", onBadTool).map((parsed) => parsed.name)).toEqual(["a"]);
    expect(errors.map((error) => error.code)).toEqual(["invalid_destructive"]);
  });

  it.each([
    ["null", null],
    ["an object", { 0: tool("a"), length: 1 }],
    ["a string", "tools"],
  ])("refuses a catalogue that is %s, even when bad tools are only reported", (_label, definitions) => {
    for (const policy of ["throw", () => {}] as const) {
      const error = thrown(() => parseCatalogue(definitions as unknown as unknown[], "tools", policy));
      expect(error.code).toBe("invalid_catalogue");
      expect(error.message).toBe("tools is not an array of tool definitions.");
    }
  });

  it("refuses more tools than the limit before reading any of them", () => {
    const { errors, onBadTool } = collecting();
    const error = thrown(() => parseCatalogue(new Array<unknown>(100_001), "host.listTools()", onBadTool));
    expect(error.code).toBe("too_many_tools");
    expect(error.message).toBe("host.listTools() holds 100,001 tools; the limit is 100,000. Split the catalogue.");
    expect(errors).toEqual([]);
  });

  it("reads a catalogue of exactly the limit", () => {
    // The first (empty) slot fails on its own, which shows the size itself was accepted.
    expect(thrown(() => parseCatalogue(new Array<unknown>(100_000), "tools")).code).toBe("invalid_tool");
  });

  it("turns an array whose length cannot be read into an invalid_catalogue error", () => {
    const trap = new Error("length trap");
    const definitions = new Proxy([tool("a")], {
      get: (target, key, receiver) => {
        if (key === "length") throw trap;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const error = thrown(() => parseCatalogue(definitions, "tools"));
    expect(error.code).toBe("invalid_catalogue");
    expect(error.message).toBe("tools could not be read (length trap).");
    expect(error.cause).toBe(trap);
  });

  it("turns a revoked Proxy for a catalogue into an invalid_catalogue error", () => {
    const { proxy, revoke } = Proxy.revocable<unknown[]>([], {});
    revoke();
    const error = thrown(() => parseCatalogue(proxy, "tools"));
    expect(error.code).toBe("invalid_catalogue");
    expect(error.message).toMatch(/^tools could not be read \(.*revoked.*\)\.$/);
  });

  it("skips an entry that cannot be read, naming its position, and keeps the rest", () => {
    const trap = new Error("item trap");
    const definitions = new Proxy([tool("a"), tool("b"), tool("c")], {
      get: (target, key, receiver) => {
        if (key === "1") throw trap;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const { errors, onBadTool } = collecting();
    const entries: (ParsedEntry | undefined)[] = [];
    expect(parseCatalogue(definitions, "host", onBadTool, undefined, entries).map((parsed) => parsed.name)).toEqual([
      "a",
      "c",
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe("unreadable_tool");
    expect(errors[0]!.message).toBe("host[1] could not be read (item trap).");
    expect(errors[0]!.cause).toBe(trap);
    expect(entries).toHaveLength(3);
    expect(entries[1]).toBeUndefined();
    expect(thrown(() => parseCatalogue(definitions, "tools")).message).toBe("tools[1] could not be read (item trap).");
  });

  it("fills entries with what each position parsed to, fitted to the listing's length", () => {
    const entries: (ParsedEntry | undefined)[] = [undefined, undefined, undefined, undefined, undefined];
    const definitions = [tool("a"), badSchema("b"), bad("c"), null];
    const tools = parseCatalogue(definitions, "host", () => {}, undefined, entries);
    expect(entries).toHaveLength(4);
    expect(entries[0]).toEqual({ fields: tools[0]!.fields, tool: tools[0] });
    expect(entries[1]!.tool).toBeUndefined();
    expect(entries[1]!.fields.name).toBe("b");
    expect(entries[1]!.error).toBeInstanceOf(CatalogueError);
    expect(entries[1]!.error!.code).toBe("invalid_schema");
    // Neither a bad flag nor null can be read into fields: nothing to remember.
    expect(entries[2]).toBeUndefined();
    expect(entries[3]).toBeUndefined();
  });

  it("records a duplicate's entry though the tool is skipped", () => {
    const entries: (ParsedEntry | undefined)[] = [];
    parseCatalogue([tool("a"), tool("a")], "host", () => {}, undefined, entries);
    expect(entries[1]!.tool!.name).toBe("a");
  });
});

describe("parseCatalogue with a parse cache", () => {
  it("reuses a tool while its definition reads the same, and parses it again once it changes", () => {
    const cache: ParseCache = new WeakMap();
    const a = tool("a");
    const b = tool("b");
    const first = parseCatalogue([a, b], "host", "throw", cache);
    const second = parseCatalogue([b, a], "host", "throw", cache);
    expect(second[0]).toBe(first[1]);
    expect(second[1]).toBe(first[0]);

    a.description = "Changed.";
    const third = parseCatalogue([a, b], "host", "throw", cache);
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]!.description).toBe("Changed.");
    expect(third[1]).toBe(first[1]);
  });

  it("honours a flag flipped on the same object on the next listing", () => {
    const cache: ParseCache = new WeakMap();
    const a = tool("a");
    expect(parseCatalogue([a], "host", "throw", cache)[0]!.destructive).toBe(false);
    a.destructive = true;
    expect(parseCatalogue([a], "host", "throw", cache)[0]!.destructive).toBe(true);
  });

  it("reports a definition that stays bad on every listing, without checking it again", () => {
    const cache: ParseCache = new WeakMap();
    const broken = badSchema("a");
    const { errors, onBadTool } = collecting();
    parseCatalogue([broken], "host", onBadTool, cache);
    parseCatalogue([broken], "host", onBadTool, cache);
    expect(errors).toHaveLength(2);
    expect(errors[0]!.code).toBe("invalid_schema");
    // The same error object: the definition was not parsed again.
    expect(errors[1]).toBe(errors[0]);
  });

  it("reuses the parse when a full read agrees with the last one, though a quick re-read did not", () => {
    // A getter that alternates: the quick re-read sees "B.", the full read "A." again.
    let reads = 0;
    const flickering = {
      ...tool("a"),
      get description() {
        return reads++ % 2 === 0 ? "A." : "B.";
      },
    };
    const cache: ParseCache = new WeakMap();
    const first = parseCatalogue([flickering], "host", "throw", cache);
    const second = parseCatalogue([flickering], "host", "throw", cache);
    expect(reads).toBe(3);
    expect(second[0]).toBe(first[0]);
  });

  it("reads an unchanged definition once per listing", () => {
    // A host's getter may be costly (a lazily built description): the quick re-read is the only read.
    let reads = 0;
    const counted = {
      ...tool("a"),
      get description() {
        reads++;
        return "Tool a.";
      },
    };
    const cache: ParseCache = new WeakMap();
    for (let listing = 0; listing < 3; listing++) parseCatalogue([counted], "host", "throw", cache);
    expect(reads).toBe(3);
  });

  it("does not remember what is not an object", () => {
    const cache: ParseCache = new WeakMap();
    const { errors, onBadTool } = collecting();
    expect(parseCatalogue([null, "a", 1, tool("b")], "host", onBadTool, cache).map((parsed) => parsed.name)).toEqual([
      "b",
    ]);
    expect(errors.map((error) => error.code)).toEqual(["invalid_tool", "invalid_tool", "invalid_tool"]);
  });

  it("remembers a definition read from a listing for the next one", () => {
    const cache: ParseCache = new WeakMap();
    const a = tool("a");
    const [parsed] = parseCatalogue([a], "host", "throw", cache);
    expect(cache.get(a)).toEqual({ fields: parsed!.fields, tool: parsed });
  });
});
