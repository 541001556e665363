import { describe, expect, it } from "vitest";
import type { CatalogueError } from "../errors.js";
import { HostListing } from "./host-listing.js";
import type { ToolDefinition } from "./tool-definition.js";

const tool = (name: string): ToolDefinition => ({
  name,
  description: `Tool ${name}.`,
  inputSchema: { type: "object" },
  execute: () => name,
});

describe("HostListing", () => {
  it("reuses the last result while the same array still reads the same, and sees every in-place change", () => {
    const listing = new HostListing();
    const errors: CatalogueError[] = [];
    const listed = [tool("a"), tool("b")];
    const first = listing.parse(listed, "host", (error) => errors.push(error));
    expect(listing.parse(listed, "host", (error) => errors.push(error))).toBe(first);

    listed[1]!.description = "Changed in place.";
    const described = listing.parse(listed, "host", (error) => errors.push(error));
    expect(described.map((parsed) => parsed.description)).toEqual(["Tool a.", "Changed in place."]);
    expect(described[0]).toBe(first[0]);

    listed[0]!.tags = ["x"];
    expect(listing.parse(listed, "host", (error) => errors.push(error))[0]!.tags).toEqual(["x"]);
    (listed[0]!.tags as string[])[0] = "y";
    expect(listing.parse(listed, "host", (error) => errors.push(error))[0]!.tags).toEqual(["y"]);

    listed[0]!.destructive = true;
    expect(listing.parse(listed, "host", (error) => errors.push(error))[0]!.destructive).toBe(true);

    listed.push(tool("c"));
    expect(listing.parse(listed, "host", (error) => errors.push(error)).map((parsed) => parsed.name)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(errors).toEqual([]);
  });

  it("reports a bad tool on every listing it is still in, and drops it once fixed", () => {
    const listing = new HostListing();
    const listed: ToolDefinition[] = [tool("a"), { ...tool("b"), destructive: "yes" as unknown as boolean }];
    const reported: string[] = [];
    for (let round = 0; round < 2; round++) {
      expect(listing.parse(listed, "host", (error) => reported.push(error.code)).map((parsed) => parsed.name)).toEqual([
        "a",
      ]);
    }
    expect(reported).toEqual(["invalid_destructive", "invalid_destructive"]);
    listed[1]!.destructive = false;
    expect(listing.parse(listed, "host", (error) => reported.push(error.code)).map((parsed) => parsed.name)).toEqual([
      "a",
      "b",
    ]);
    expect(reported).toHaveLength(2);
  });
});

describe("HostListing: when the last result is not reused", () => {
  const parseNames = (listing: HostListing, listed: readonly unknown[], errors: CatalogueError[] = []) =>
    listing.parse(listed, "host", (error) => errors.push(error)).map((parsed) => parsed.name);

  it("sees a definition replaced in place in the same array", () => {
    const listing = new HostListing();
    const listed = [tool("a"), tool("b")];
    parseNames(listing, listed);
    listed[0] = tool("z");
    expect(parseNames(listing, listed)).toEqual(["z", "b"]);
  });

  it("hands out a new definition object that reads the same as the one it replaced, for permit and approve", () => {
    const listing = new HostListing();
    const original = tool("b");
    const listed = [tool("a"), original];
    const [, before] = listing.parse(listed, "host", () => {});
    // Every field the same value (the schema the same object), only the definition is new.
    const replacement = { ...original };
    listed[1] = replacement;
    const [, after] = listing.parse(listed, "host", () => {});
    expect(before!.definition).not.toBe(replacement);
    expect(after!.definition).toBe(replacement);
  });

  it("sees a tool removed from the same array", () => {
    const listing = new HostListing();
    const listed = [tool("a"), tool("b")];
    parseNames(listing, listed);
    listed.pop();
    expect(parseNames(listing, listed)).toEqual(["a"]);
  });

  it("serves a new array of the same unchanged definitions from the last result", () => {
    const listing = new HostListing();
    const listed = [tool("a"), tool("b")];
    const first = listing.parse(listed, "host", () => {});
    expect(listing.parse([...listed], "host", () => {})).toBe(first);
  });

  it("reads again an entry that could not be read last time, so it is reported again", () => {
    const listing = new HostListing();
    const listed: unknown[] = [tool("a"), null, "not a tool"];
    const errors: CatalogueError[] = [];
    expect(parseNames(listing, listed, errors)).toEqual(["a"]);
    expect(parseNames(listing, listed, errors)).toEqual(["a"]);
    expect(errors.map((error) => error.message)).toEqual([
      "host[1] is not a tool definition object (got null).",
      "host[2] is not a tool definition object (got a string).",
      "host[1] is not a tool definition object (got null).",
      "host[2] is not a tool definition object (got a string).",
    ]);
  });

  it("sees a definition that now fails to read, and reports it", () => {
    const listing = new HostListing();
    let broken = false;
    const flaky = {
      ...tool("b"),
      get description(): string {
        if (broken) throw new Error("gone");
        return "Tool b.";
      },
    };
    const errors: CatalogueError[] = [];
    expect(parseNames(listing, [tool("a"), flaky], errors)).toEqual(["a", "b"]);
    broken = true;
    expect(parseNames(listing, [tool("a"), flaky], errors)).toEqual(["a"]);
    expect(errors.map((error) => error.code)).toEqual(["unreadable_tool"]);
  });

  it("reads a listing in full when its entries can no longer be read, rather than serving the last result", () => {
    const listing = new HostListing();
    let trapped = false;
    const listed = new Proxy([tool("a")], {
      get: (target, key, receiver) => {
        if (trapped && key === "0") throw new Error("entry trap");
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const errors: CatalogueError[] = [];
    expect(parseNames(listing, listed, errors)).toEqual(["a"]);
    trapped = true;
    expect(parseNames(listing, listed, errors)).toEqual([]);
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ["unreadable_tool", "host[0] could not be read (entry trap)."],
    ]);
  });
});
