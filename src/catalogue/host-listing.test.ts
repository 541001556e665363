import { describe, expect, it } from "vitest";
import type { CatalogueError } from "../errors.js";
import { HostListing } from "./host-listing.js";
import type { ToolDefinition } from "./tool-definition.js";

const tool = (name: string): ToolDefinition => ({ name, description: `Tool ${name}.`, inputSchema: { type: "object" }, execute: () => name });

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
    expect(listing.parse(listed, "host", (error) => errors.push(error)).map((parsed) => parsed.name)).toEqual(["a", "b", "c"]);
    expect(errors).toEqual([]);
  });

  it("reports a bad tool on every listing it is still in, and drops it once fixed", () => {
    const listing = new HostListing();
    const listed: ToolDefinition[] = [tool("a"), { ...tool("b"), destructive: "yes" as unknown as boolean }];
    const reported: string[] = [];
    for (let round = 0; round < 2; round++) {
      expect(listing.parse(listed, "host", (error) => reported.push(error.code)).map((parsed) => parsed.name)).toEqual(["a"]);
    }
    expect(reported).toEqual(["invalid_destructive", "invalid_destructive"]);
    listed[1]!.destructive = false;
    expect(listing.parse(listed, "host", (error) => reported.push(error.code)).map((parsed) => parsed.name)).toEqual(["a", "b"]);
    expect(reported).toHaveLength(2);
  });
});
