import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { CatalogueError } from "../errors.js";
import { readDefinition, readsTheSame, sameFields, wellFormed, type DefinitionFields } from "./read-definition.js";

const schema = { type: "object" } as const;

function definition(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "t", description: "Does t.", inputSchema: schema, ...extra };
}

/** The CatalogueError `readDefinition` throws for a definition (fails the test if it returns). */
function refusal(value: unknown, where = "tools[0]"): CatalogueError {
  return thrownBy(() => readDefinition(value, where), CatalogueError);
}

function fieldsOf(extra: Record<string, unknown> = {}): DefinitionFields {
  return readDefinition(definition(extra), "tools[0]");
}

describe("readDefinition: what it returns", () => {
  it("returns every field as read, with defaults for the optional ones", () => {
    const execute = () => "ran";
    expect(
      readDefinition(
        definition({ destructive: true, openWorld: true, server: "github", tags: ["issues", "bugs"], execute }),
        "tools[0]",
      ),
    ).toEqual({
      name: "t",
      description: "Does t.",
      destructive: true,
      openWorld: true,
      server: "github",
      tags: ["issues", "bugs"],
      execute,
      inputSchema: schema,
    });
    expect(fieldsOf()).toEqual({
      name: "t",
      description: "Does t.",
      destructive: false,
      openWorld: false,
      server: undefined,
      tags: [],
      execute: undefined,
      inputSchema: schema,
    });
  });

  it("keeps destructive: false as false", () => {
    expect(fieldsOf({ destructive: false }).destructive).toBe(false);
  });

  it("copies the tags into a frozen array of its own, so the caller's array cannot change them later", () => {
    const tags = ["a", "b"];
    const fields = fieldsOf({ tags });
    tags[0] = "changed";
    tags.push("c");
    expect(fields.tags).toEqual(["a", "b"]);
    expect(Object.isFrozen(fields.tags)).toBe(true);
  });

  it("reads each field exactly once", () => {
    const reads: string[] = [];
    const target = definition({ destructive: false, server: "s", tags: ["x"], execute: () => 1 });
    const proxy = new Proxy(target, {
      get(object, key, receiver) {
        reads.push(String(key));
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
    readDefinition(proxy, "tools[0]");
    expect(reads.sort()).toEqual([
      "description",
      "destructive",
      "execute",
      "inputSchema",
      "name",
      "openWorld",
      "server",
      "tags",
    ]);
  });

  it.each([
    ["1 character", "a"],
    ["64 characters", "x".repeat(64)],
    ["letters, digits, _ and -", "Ab_9-z"],
  ])("accepts a name of %s", (_label, name) => {
    expect(fieldsOf({ name }).name).toBe(name);
  });

  it.each([
    ["exactly at the description cap", { description: "d".repeat(100_000) }],
    ["a server name exactly at its cap", { server: "s".repeat(200) }],
    ["exactly 100 tags", { tags: Array.from({ length: 100 }, (_, i) => `t${i}`) }],
    ["a tag exactly at its cap", { tags: ["g".repeat(200)] }],
    ["a description with text around spaces", { description: "  x  " }],
  ])("accepts %s", (_label, extra) => {
    expect(() => readDefinition(definition(extra), "tools[0]")).not.toThrow();
  });
});

describe("readDefinition: what it refuses, and the message a user reads", () => {
  it.each([
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["an array", [definition()], "an array"],
    ["a string", "t", "a string"],
    ["a number", 7, "a number"],
    ["a function", () => definition(), "a function"],
  ])("refuses %s as not a definition object", (_label, value, got) => {
    const error = refusal(value, "host.listTools()[4]");
    expect(error.code).toBe("invalid_tool");
    expect(error.message).toBe(`host.listTools()[4] is not a tool definition object (got ${got}).`);
  });

  it("names the field whose getter threw, with the reason and the cause kept", () => {
    const boom = new Error("getter exploded");
    const value = {
      get name(): string {
        throw boom;
      },
    };
    const error = refusal(value);
    expect(error.code).toBe("unreadable_tool");
    expect(error.message).toBe(
      'tools[0]: reading its "name" threw (getter exploded). A tool definition must be an object whose fields can be read.',
    );
    expect(error.cause).toBe(boom);
  });

  it("turns a revoked Proxy (which throws before any field is read) into an unreadable_tool error", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const error = refusal(proxy);
    expect(error.code).toBe("unreadable_tool");
    expect(error.message).toMatch(/^tools\[0\] could not be read \(.*revoked.*\)\.$/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ["an empty name", "", '""'],
    ["a name with a space", "two words", '"two words"'],
    ["a name of 65 characters", "x".repeat(65), `"${"x".repeat(65)}"`],
    ["a name with a dot", "a.b", '"a.b"'],
    ["a number", 5, "5"],
    ["no name", undefined, "undefined"],
    ["an object", { first: "a" }, '{"first":"a"}'],
    ["a BigInt, which JSON cannot show", 5n, "a bigint"],
  ])("refuses %s with the name and the rule", (_label, name, shown) => {
    const error = refusal(definition({ name }));
    expect(error.code).toBe("invalid_tool_name");
    expect(error.message).toBe(
      `tools[0] has the name ${shown}, which the Anthropic API rejects: a tool name must be 1 to 64 characters of letters, ` +
        `digits, "_" or "-". Rename it (for a namespace use "server__tool").`,
    );
  });

  it("shows a long bad name cut to one line of 80 characters", () => {
    // 79 characters plus two quotes is 81: over the line, so cut to 77 and "...".
    const error = refusal(definition({ name: "y".repeat(79) }));
    expect(error.message).toContain(`has the name "${"y".repeat(76)}..., which`);
  });

  it("shows a bad name of exactly 80 characters (quotes included) whole", () => {
    const error = refusal(definition({ name: `${"z".repeat(77)} ` }));
    expect(error.message).toContain(`has the name "${"z".repeat(77)} ", which`);
  });

  it("refuses the name of toolsift's own search tool", () => {
    const error = refusal(definition({ name: "search_tools" }));
    expect(error.code).toBe("reserved_tool_name");
    expect(error.message).toBe(
      'tools[0] ("search_tools"): "search_tools" is the name of toolsift\'s own search tool, and the API rejects two tools with one name. Rename yours.',
    );
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["only white space", " \n\t "],
    ["not a string", 3],
  ])("refuses a description that is %s", (_label, description) => {
    const error = refusal(definition({ description }));
    expect(error.code).toBe("missing_description");
    expect(error.message).toBe(
      'tools[0] ("t") has no description. Give it one that says what the tool does: its first sentence is all the model sees of a stubbed tool.',
    );
  });

  it("refuses a description past the cap, with its length, the cap and the fix", () => {
    const error = refusal(definition({ description: "d".repeat(123_456) }));
    expect(error.code).toBe("description_too_long");
    expect(error.message).toBe(
      'tools[0] ("t"): its description has 123,456 characters; the limit is 100,000. Shorten it: the stub shows only its first sentence.',
    );
  });

  it("checks the length of an all-space description too: it is too long before it is empty", () => {
    expect(refusal(definition({ description: " ".repeat(100_001) })).code).toBe("description_too_long");
  });

  it.each([
    ['"yes"', "yes", '"yes" (a string)'],
    ["1", 1, "1 (a number)"],
    ["null", null, "null (null)"],
    ["an object", { value: true }, '{"value":true} (an object)'],
    ["an array", [true], "[true] (an array)"],
  ])("refuses destructive: %s, showing the value and its type", (_label, destructive, shown) => {
    const error = refusal(definition({ destructive }));
    expect(error.code).toBe("invalid_destructive");
    expect(error.message).toBe(
      `tools[0] ("t") has destructive: ${shown}, but the flag must be true or false: toolsift does not guess whether a tool ` +
        "that may change or delete data needs approval. Write destructive: true or false.",
    );
  });

  it("shows a value JSON cannot write by its type", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(refusal(definition({ destructive: cyclic })).message).toContain(
      "has destructive: an object (an object), but",
    );
  });

  it.each([
    ["a number", 7],
    ["null", null],
    ["an object", { name: "github" }],
  ])("refuses a server that is %s", (label, server) => {
    const error = refusal(definition({ server }));
    expect(error.code).toBe("invalid_server");
    expect(error.message).toBe(
      `tools[0] ("t") has a server that is ${label}, not a string. Give the server's name, or leave it out.`,
    );
  });

  it("refuses a server name past its cap", () => {
    const error = refusal(definition({ server: "s".repeat(201) }));
    expect(error.code).toBe("invalid_server");
    expect(error.message).toBe(
      'tools[0] ("t"): its server name has 201 characters; the limit is 200. Use a short name.',
    );
  });

  it.each([
    ["a string", "run()"],
    ["an object", { call: () => 1 }],
    ["null", null],
  ])("refuses an execute that is %s", (_label, execute) => {
    const error = refusal(definition({ execute }));
    expect(error.code).toBe("invalid_execute");
    expect(error.message).toBe('tools[0] ("t") has an execute that is not a function.');
  });

  it.each([
    ["a string", "search"],
    ["null", null],
    ["an array holding a number", ["a", 1]],
    ["an array holding undefined", ["a", undefined]],
  ])("refuses tags that are %s", (_label, tags) => {
    const error = refusal(definition({ tags }));
    expect(error.code).toBe("invalid_tags");
    expect(error.message).toBe('tools[0] ("t") has tags that are not an array of strings.');
  });

  it("refuses more than 100 tags, counting them in the message", () => {
    const error = refusal(definition({ tags: Array.from({ length: 1_234 }, (_, i) => `t${i}`) }));
    expect(error.code).toBe("invalid_tags");
    expect(error.message).toBe(
      'tools[0] ("t"): its tag list has 1,234 tags; the limit is 100. Keep the few words people would search for.',
    );
  });

  it("refuses a tag past its cap, naming which one", () => {
    const error = refusal(definition({ tags: ["ok", "fine", "g".repeat(201)] }));
    expect(error.code).toBe("invalid_tags");
    expect(error.message).toBe(
      'tools[0] ("t"): its tag 2 has 201 characters; the limit is 200. A tag is a search word or two.',
    );
  });

  it("turns a tag whose getter throws into an unreadable_tool error with the reason", () => {
    const tags = ["a"];
    const boom = new Error("tag getter");
    Object.defineProperty(tags, 0, {
      get() {
        throw boom;
      },
    });
    const error = refusal(definition({ tags }));
    expect(error.code).toBe("unreadable_tool");
    expect(error.message).toBe('tools[0] ("t"): its tags could not be read (tag getter).');
    expect(error.cause).toBe(boom);
  });

  it("reads a tag list's length once: an array that grows while it is read cannot pass more tags than it said", () => {
    let reads = 0;
    const tags = new Proxy(["a"], {
      get(target, key, receiver) {
        if (key === "length") return reads++ === 0 ? 1 : 500;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(fieldsOf({ tags }).tags).toEqual(["a"]);
  });
});

describe("sameFields", () => {
  const execute = () => 1;
  const base = { destructive: true, server: "s", tags: ["a", "b"], execute };

  it("holds for two reads of the same definition", () => {
    expect(sameFields(fieldsOf(base), fieldsOf({ ...base, tags: ["a", "b"] }))).toBe(true);
  });

  it.each([
    ["name", { name: "u" }],
    ["description", { description: "Does u." }],
    ["destructive", { destructive: false }],
    ["server", { server: "other" }],
    ["execute", { execute: () => 1 }],
    ["inputSchema", { inputSchema: { type: "object" } }],
    ["tags (one fewer)", { tags: ["a"] }],
    ["tags (one more)", { tags: ["a", "b", "c"] }],
    ["tags (one changed)", { tags: ["a", "c"] }],
    ["tags (same words, other order)", { tags: ["b", "a"] }],
  ])("fails when %s differs", (_label, change) => {
    expect(sameFields(fieldsOf(base), fieldsOf({ ...base, ...change }))).toBe(false);
  });
});

describe("readsTheSame", () => {
  const execute = () => 1;

  it("holds while every field still reads the same, tags compared word by word", () => {
    const value = definition({ destructive: true, server: "s", tags: ["a", "b"], execute });
    const fields = readDefinition(value, "tools[0]");
    expect(readsTheSame(value, fields)).toBe(true);
    value.tags = ["a", "b"];
    expect(readsTheSame(value, fields)).toBe(true);
  });

  it("holds for a tool without tags or destructive, and for destructive: false", () => {
    const value = definition();
    const fields = readDefinition(value, "tools[0]");
    expect(readsTheSame(value, fields)).toBe(true);
    value.destructive = false;
    expect(readsTheSame(value, fields)).toBe(true);
  });

  it.each([
    ["the name changed", { name: "u" }],
    ["the description changed", { description: "Other." }],
    ["the schema is another object", { inputSchema: { type: "object" } }],
    ["execute changed", { execute: () => 2 }],
    ["the server changed", { server: "other" }],
    ["the server was removed", { server: undefined }],
    ["destructive flipped to false", { destructive: false }],
    ["destructive was removed", { destructive: undefined }],
    ["a tag changed", { tags: ["a", "c"] }],
    ["a tag was added", { tags: ["a", "b", "c"] }],
    ["a tag was removed", { tags: ["a"] }],
    ["the tags were removed", { tags: undefined }],
    ["the tags are no longer an array", { tags: "a b" }],
    ["the tags became an array-like object", { tags: { length: 2, 0: "a", 1: "b" } }],
  ])("fails when %s", (_label, change) => {
    const value = definition({ destructive: true, server: "s", tags: ["a", "b"], execute });
    const fields = readDefinition(value, "tools[0]");
    Object.assign(value, change);
    expect(readsTheSame(value, fields)).toBe(false);
  });

  it("fails when destructive is set to true on a tool read without it", () => {
    const value = definition();
    const fields = readDefinition(value, "tools[0]");
    value.destructive = true;
    expect(readsTheSame(value, fields)).toBe(false);
  });

  it("fails when destructive becomes a value that is not a boolean", () => {
    const value = definition();
    const fields = readDefinition(value, "tools[0]");
    value.destructive = 0;
    expect(readsTheSame(value, fields)).toBe(false);
  });

  it("fails when tags are added to a tool read without them", () => {
    const value = definition();
    const fields = readDefinition(value, "tools[0]");
    value.tags = ["a"];
    expect(readsTheSame(value, fields)).toBe(false);
    value.tags = [];
    expect(readsTheSame(value, fields)).toBe(true);
  });

  it("fails, rather than throws, when a field's getter now throws", () => {
    let broken = false;
    const value = {
      ...definition(),
      get description(): string {
        if (broken) throw new Error("gone");
        return "Does t.";
      },
    };
    const fields = readDefinition(value, "tools[0]");
    expect(readsTheSame(value, fields)).toBe(true);
    broken = true;
    expect(readsTheSame(value, fields)).toBe(false);
  });
});

describe("wellFormed", () => {
  it("replaces every lone surrogate, high or low, with U+FFFD", () => {
    expect(wellFormed("a\uD800b\uDC00c\uDBFF")).toBe("a\uFFFDb\uFFFDc\uFFFD");
    expect(wellFormed("\uDC00\uD800")).toBe("\uFFFD\uFFFD");
  });

  it("keeps surrogate pairs and plain text as they are", () => {
    expect(wellFormed("emoji \uD83D\uDE00 ok")).toBe("emoji \uD83D\uDE00 ok");
    expect(wellFormed("plain")).toBe("plain");
  });
});
