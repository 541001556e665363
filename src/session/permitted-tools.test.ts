import { describe, expect, it } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import { parseTool, type CatalogueSnapshot, type CatalogueTool } from "../catalogue/index.js";
import { fullToolOf, type AnthropicTool } from "../wire/index.js";
import { permittedTools } from "./permitted-tools.js";
import { stubOf } from "./stub.js";

function snapshotOf(version = 3): CatalogueSnapshot {
  const tools = sampleTools().map((definition, index) => parseTool(definition, `tools[${index}]`));
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])), version };
}

/** An estimate that tells a stub (its description ends in the hint) from a full tool. */
const estimate = (tool: AnthropicTool) => (tool.description.endsWith("…") ? 1 : 100);

describe("permittedTools", () => {
  it("keeps the permitted tools in catalogue order, keep tools in keepTools order, and sums their estimates", () => {
    const snapshot = snapshotOf();
    const denied = new Set(["github__delete_repository"]);
    const permitted = permittedTools(
      snapshot,
      9,
      ["postgres__query", "slack__post_message"],
      (tool) => !denied.has(tool.name),
      estimate,
    );
    expect(permitted.catalogueVersion).toBe(3);
    expect(permitted.permissionEpoch).toBe(9);
    expect(permitted.all.map((tool) => tool.name)).toEqual([
      "github__create_issue",
      "slack__post_message",
      "calendar__create_event",
      "postgres__query",
      "filesystem__read_file",
    ]);
    expect(permitted.keep.map((tool) => tool.name)).toEqual(["postgres__query", "slack__post_message"]);
    expect(permitted.others.map((tool) => tool.name)).toEqual([
      "github__create_issue",
      "calendar__create_event",
      "filesystem__read_file",
    ]);
    expect([...permitted.othersByName.keys()]).toEqual([
      "github__create_issue",
      "calendar__create_event",
      "filesystem__read_file",
    ]);
    expect([...permitted.fullByName.keys()]).toEqual(permitted.all.map((tool) => tool.name));
    // Five tools in full; stubs only for the three that are not keep tools.
    expect(permitted.fullTokens).toBe(500);
    expect(permitted.stubTokens).toBe(3);
  });

  it("gives each tool its full and stub forms, and its server", () => {
    const snapshot = snapshotOf();
    const tool = snapshot.byName.get("calendar__create_event")!;
    const permitted = permittedTools(snapshot, 0, [], () => true, estimate);
    expect(permitted.othersByName.get("calendar__create_event")).toEqual({
      name: "calendar__create_event",
      full: fullToolOf(tool),
      stub: stubOf(tool),
      server: "calendar",
    });
    expect(permitted.fullByName.get("calendar__create_event")).toEqual(fullToolOf(tool));
  });

  it("leaves out a keep tool that is denied, rather than showing anything in its place", () => {
    const permitted = permittedTools(
      snapshotOf(),
      0,
      ["postgres__query", "slack__post_message"],
      (tool) => tool.name !== "postgres__query",
      estimate,
    );
    expect(permitted.keep.map((tool) => tool.name)).toEqual(["slack__post_message"]);
    expect(permitted.keep).toHaveLength(1);
    expect(permitted.others.map((tool) => tool.name)).not.toContain("postgres__query");
  });

  it("asks isPermitted once per tool, and shares each tool's forms between derivations", () => {
    const snapshot = snapshotOf();
    const asked: CatalogueTool[] = [];
    const first = permittedTools(snapshot, 0, [], (tool) => (asked.push(tool), true), estimate);
    expect(asked).toEqual(snapshot.tools);
    const second = permittedTools(snapshot, 1, [], () => true, estimate);
    expect(second.others[0]).toBe(first.others[0]);
  });

  it("sums nothing when nothing is permitted", () => {
    const permitted = permittedTools(snapshotOf(), 0, ["postgres__query"], () => false, estimate);
    expect(permitted).toMatchObject({ all: [], keep: [], others: [], fullTokens: 0, stubTokens: 0 });
  });
});
