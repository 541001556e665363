import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "../wire/index.js";
import { buildToolBlock } from "./build-tool-block.js";
import type { DeferrableTool, SessionView } from "./session-view.js";

function full(name: string): AnthropicTool {
  return {
    name,
    description: `${name} in full.`,
    input_schema: { type: "object", properties: { x: { type: "string" } } },
  };
}

function deferrable(name: string): DeferrableTool {
  return { name, full: full(name), stub: { name, description: `${name} …`, input_schema: { type: "object" } } };
}

const SEARCH = full("search_tools");
const KEEP = full("keep__tool");
const [ONE, TWO, THREE] = [deferrable("a__one"), deferrable("a__two"), deferrable("a__three")];

function view(overrides: Partial<SessionView>): SessionView {
  const all = [KEEP, ONE.full, TWO.full, THREE.full];
  return {
    progressive: true,
    presentation: "stubs",
    maxHydrated: 15,
    fullTokens: 50_000,
    all,
    fullByName: new Map(all.map((tool) => [tool.name, tool])),
    searchTool: SEARCH,
    keep: [KEEP],
    others: [ONE, TWO, THREE],
    hydrated: [],
    hydratedTools: [],
    ...overrides,
  };
}

describe("buildToolBlock", () => {
  it("ships every tool in full, as it is, when the session is not progressive", () => {
    const plain = view({ progressive: false, hydrated: ["a__two"], hydratedTools: [TWO] });
    expect(buildToolBlock(plain)).toBe(plain.all);
  });

  it("lists search_tools, the keep tools, then every other tool as a stub, in catalogue order", () => {
    expect(buildToolBlock(view({}))).toEqual([SEARCH, KEEP, ONE.stub, TWO.stub, THREE.stub]);
  });

  it("puts hydrated tools in full after the keep tools, first hydrated first, and drops their stubs", () => {
    const hydrated = view({ hydrated: ["a__three", "a__one"], hydratedTools: [THREE, ONE] });
    expect(buildToolBlock(hydrated)).toEqual([SEARCH, KEEP, THREE.full, ONE.full, TWO.stub]);
  });

  it("lists no stubs at all when presenting search only", () => {
    const searchOnly = view({ presentation: "search-only", hydrated: ["a__two"], hydratedTools: [TWO] });
    expect(buildToolBlock(searchOnly)).toEqual([SEARCH, KEEP, TWO.full]);
  });
});
