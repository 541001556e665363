import { describe, expect, it } from "vitest";
import { copyJson, describePath, type JsonLimits } from "./copy-json.js";

const ROOMY: JsonLimits = { maxDepth: 10, maxValues: 1_000, maxChars: 1_000 };

describe("copyJson", () => {
  it("copies JSON data into new objects and arrays, equal to the original", () => {
    const value = {
      s: "text",
      n: -1.5,
      t: true,
      f: false,
      z: null,
      list: [1, "two", [3]],
      nested: { deep: { deeper: {} } },
    };
    const copy = copyJson(value, ROOMY);
    expect(copy).toEqual({ ok: true, value });
    if (!copy.ok) return;
    const copied = copy.value as typeof value;
    expect(copied).not.toBe(value);
    expect(copied.list).not.toBe(value.list);
    expect(copied.nested.deep).not.toBe(value.nested.deep);
  });

  it.each<[string, unknown]>([
    ["a string", "text"],
    ["a number", 42],
    ["false", false],
    ["true", true],
    ["null", null],
  ])("copies %s on its own", (_label, value) => {
    expect(copyJson(value, ROOMY)).toEqual({ ok: true, value });
  });

  it("leaves out a property whose value is undefined, as JSON.stringify does", () => {
    const copy = copyJson({ gone: undefined, kept: 1 }, ROOMY);
    expect(copy).toEqual({ ok: true, value: { kept: 1 } });
    expect(copy.ok && Object.keys(copy.value as object)).toEqual(["kept"]);
  });

  it("copies the same object twice when it appears twice (that is not a cycle)", () => {
    const shared = { a: 1 };
    expect(copyJson({ x: shared, y: [shared, shared] }, ROOMY)).toEqual({
      ok: true,
      value: { x: { a: 1 }, y: [{ a: 1 }, { a: 1 }] },
    });
  });

  it('keeps a "__proto__" key as data, not as the copy\'s prototype', () => {
    const copy = copyJson(JSON.parse('{"__proto__": {"admin": true}, "name": "x"}'), ROOMY);
    expect(copy.ok).toBe(true);
    if (!copy.ok) return;
    const copied = copy.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.keys(copied)).toEqual(["__proto__", "name"]);
    expect(Object.getOwnPropertyDescriptor(copied, "__proto__")?.value).toEqual({ admin: true });
    expect((copied as { admin?: unknown }).admin).toBeUndefined();
  });

  it("makes ordinary objects: validation coerces and fills defaults in the copy, so it must stay writable", () => {
    const copy = copyJson({ count: "4", drop: 1 }, ROOMY);
    if (!copy.ok) throw new Error("copy failed");
    const copied = copy.value as Record<string, unknown>;
    copied.count = 4;
    delete copied.drop;
    copied.added = true;
    expect(copied).toEqual({ count: 4, added: true });
  });

  it("reads each property once, so a getter cannot answer differently later", () => {
    let reads = 0;
    const copy = copyJson(
      {
        get path() {
          reads++;
          return reads === 1 ? "/tmp/a" : "/etc/passwd";
        },
      },
      ROOMY,
    );
    expect(copy).toEqual({ ok: true, value: { path: "/tmp/a" } });
    expect(reads).toBe(1);
  });
});

describe("copyJson: what is not JSON data is a problem, named by path", () => {
  it.each<[string, unknown, string, string]>([
    ["a function", { a: { b: () => 1 } }, "/a/b", "is a function, which is not JSON data"],
    ["a BigInt", { a: 10n }, "/a", "is a BigInt, which is not JSON data"],
    ["a symbol", [Symbol("s")], "/0", "is a symbol, which is not JSON data"],
    ["NaN", { a: [1, Number.NaN] }, "/a/1", "is NaN, which is not a JSON number"],
    ["Infinity", { a: Number.POSITIVE_INFINITY }, "/a", "is Infinity, which is not a JSON number"],
    ["-Infinity", { a: Number.NEGATIVE_INFINITY }, "/a", "is -Infinity, which is not a JSON number"],
    ["undefined on its own", undefined, "", "is undefined, which is not JSON data"],
    ["undefined in an array", [1, undefined], "/1", "is undefined, which is not JSON data"],
    ["a hole in an array", holey(), "/1", "is undefined, which is not JSON data"],
    ["a Date", { when: new Date(0) }, "/when", "is Date object, not a plain JSON object"],
    ["a Map", { m: new Map() }, "/m", "is Map object, not a plain JSON object"],
  ])("%s", (_label, value, path, problem) => {
    expect(copyJson(value, ROOMY)).toEqual({ ok: false, path, problem });
  });

  it("names the path of the problem alone, not of the siblings before it", () => {
    expect(copyJson({ a: 1, b: [0, { c: "x" }], d: () => 1 }, ROOMY)).toMatchObject({ ok: false, path: "/d" });
    expect(copyJson([[1], [2], () => 1], ROOMY)).toMatchObject({ ok: false, path: "/2" });
  });

  it("escapes keys in the path as a JSON pointer does (~ as ~0, / as ~1)", () => {
    expect(copyJson({ "a/b~c": { "~": () => 1 } }, ROOMY)).toMatchObject({ ok: false, path: "/a~1b~0c/~0" });
  });

  it("names a cycle as a cycle, not as deep nesting", () => {
    const value: Record<string, unknown> = { a: {} };
    (value.a as Record<string, unknown>).back = value;
    expect(copyJson(value, ROOMY)).toEqual({
      ok: false,
      path: "/a/back",
      problem: "refers back to an object that contains it (a cycle), which JSON cannot hold",
    });
  });

  it("says a value could not be read when a getter throws, with what it threw", () => {
    const throwsError = {
      get secret(): string {
        throw new Error("no access");
      },
    };
    const throwsText = {
      get secret(): string {
        throw "denied";
      },
    };
    expect(copyJson({ a: throwsError }, ROOMY)).toEqual({
      ok: false,
      path: "/a/secret",
      problem: "could not be read (no access)",
    });
    expect(copyJson(throwsText, ROOMY)).toEqual({ ok: false, path: "/secret", problem: "could not be read (denied)" });
  });
});

describe("copyJson: bounds", () => {
  it("allows nesting up to maxDepth levels and refuses one more, where it happens", () => {
    const limits = { ...ROOMY, maxDepth: 2 };
    expect(copyJson({ a: [1] }, limits)).toEqual({ ok: true, value: { a: [1] } });
    expect(copyJson({ a: [[1]] }, limits)).toEqual({
      ok: false,
      path: "/a/0",
      problem: "is nested more than 2 levels deep",
    });
  });

  it("allows maxValues values in all and refuses one more", () => {
    const limits = { ...ROOMY, maxValues: 1_500 };
    // The array itself is one value, its items the others.
    expect(copyJson(new Array(1_499).fill(0), limits).ok).toBe(true);
    expect(copyJson(new Array(1_500).fill(0), limits)).toEqual({
      ok: false,
      path: "/1499",
      problem: "holds more than 1,500 values",
    });
  });

  it("refuses an array longer than maxValues before reading any item", () => {
    let reads = 0;
    const long = new Proxy(new Array(1_501).fill(0), {
      get: (target, key, receiver) => {
        if (key !== "length") reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(copyJson(long, { ...ROOMY, maxValues: 1_500 })).toEqual({
      ok: false,
      path: "",
      problem: "has 1501 items, more than 1,500",
    });
    expect(reads).toBe(0);
  });

  it("allows maxChars characters of strings and keys together, and refuses one more", () => {
    const limits = { ...ROOMY, maxChars: 1_200 };
    expect(copyJson({ ab: "x".repeat(1_198) }, limits).ok).toBe(true);
    expect(copyJson({ ab: "x".repeat(1_199) }, limits)).toEqual({
      ok: false,
      path: "/ab",
      problem: "holds more than 1,200 characters of text",
    });
    // Keys count too: a key alone can pass the bound.
    expect(copyJson({ ["k".repeat(1_201)]: 1 }, limits)).toEqual({
      ok: false,
      path: "",
      problem: "holds more than 1,200 characters of text",
    });
  });
});

function holey(): unknown[] {
  const array = [1, 2, 3];
  delete array[1];
  return array;
}

describe("describePath", () => {
  it("calls the empty pointer the value itself", () => {
    expect(describePath("")).toBe("the value itself");
  });

  it("shows a pointer of up to 120 characters whole, and shortens a longer one to 117 and an ellipsis", () => {
    const exact = `/${"a".repeat(119)}`;
    expect(describePath("/a/0")).toBe("/a/0");
    expect(describePath(exact)).toBe(exact);
    expect(describePath(`${exact}b`)).toBe(`${exact.slice(0, 117)}...`);
  });
});
