import { describe, expect, it } from "vitest";
import { familyOf, ToolFamilies } from "./tool-families.js";

describe("familyOf", () => {
  it.each([
    [{ name: "create_issue", server: "github" }, "github"],
    [{ name: "github__create_issue" }, "github"],
    [{ name: "get_tags_by_contact_for_churchapp" }, "churchapp"],
    [{ name: "get_all_contacts_for_church-app_v2" }, "church-app_v2"],
    [{ name: "search_for_" }, undefined],
    [{ name: "createIssue" }, undefined],
    [{ name: "__hidden" }, undefined],
  ])("reads %j as %j", (document, family) => {
    expect(familyOf(document)).toBe(family);
  });
});

describe("ToolFamilies", () => {
  it("knows a tool's family only when another tool shares it, as of the latest sync", () => {
    const families = new ToolFamilies();
    families.sync([{ name: "crm__list_contacts" }, { name: "crm__get_tags" }, { name: "blog__list_tags" }]);
    expect(families.of("crm__get_tags")).toBe("crm");
    expect(families.of("blog__list_tags")).toBeUndefined();
    expect(families.of("unknown")).toBeUndefined();
    families.sync([{ name: "crm__get_tags" }, { name: "blog__list_tags" }, { name: "blog__post" }]);
    expect(families.of("crm__get_tags")).toBeUndefined();
    expect(families.of("blog__post")).toBe("blog");
  });
});
