import { describe, expect, it } from "vitest";
import { DENY_EVERYTHING, deniedNames, toolPolicy } from "./tool-policy.js";

const rules = (allow: string[] | undefined, deny: string[] = [], allowDestructive: string[] = []) => ({
  allow,
  deny,
  allowDestructive,
});

describe("toolPolicy", () => {
  it("permits what allow matches (everything when unset), minus what deny matches in any letter case", () => {
    const open = toolPolicy(rules(undefined, ["gh__delete_*"]));
    expect(open.permits("gh__get_issue")).toBe(true);
    expect(open.permits("gh__delete_repo")).toBe(false);
    expect(open.permits("GH__Delete_Repo")).toBe(false);
    const closed = toolPolicy(rules(["gh__*"], ["gh__delete_*"]));
    expect(closed.permits("gh__get_issue")).toBe(true);
    expect(closed.permits("db__query")).toBe(false);
    expect(closed.permits("GH__get_issue")).toBe(false);
    expect(toolPolicy(rules([])).permits("gh__get_issue")).toBe(false);
  });

  it("denies a renamed tool by its original MCP name, as it is or as toolsift cleans it", () => {
    const policy = toolPolicy(rules(undefined, ["up__drop table", "up__wipe_it"]));
    expect(policy.permits("up__drop_table_1", "drop table")).toBe(false);
    expect(policy.permits("up__wipe_it_2", "wipe it!")).toBe(false);
    expect(policy.permits("up__echo_3", "echo")).toBe(true);
  });

  it("pre-approves exactly the destructive tools allowDestructive matches", () => {
    const policy = toolPolicy(rules(undefined, [], ["db__vacuum"]));
    expect(policy.preApproved("db__vacuum")).toBe(true);
    expect(policy.preApproved("DB__vacuum")).toBe(false);
    expect(policy.preApproved("db__drop")).toBe(false);
  });

  it("hides a server whose every tool deny covers, in any case, or allow can match none of", () => {
    expect(toolPolicy(rules(undefined, ["SECRET__*"])).hidesServer("secret")).toBe(true);
    expect(toolPolicy(rules(undefined, ["secret__get_*"])).hidesServer("secret")).toBe(false);
    expect(toolPolicy(rules(undefined)).hidesServer("secret")).toBe(false);
    expect(toolPolicy(rules(["gh__*"])).hidesServer("secret")).toBe(true);
    expect(toolPolicy(rules(["gh__*"])).hidesServer("gh")).toBe(false);
    // allow matches case-sensitively.
    expect(toolPolicy(rules(["GH__*"])).hidesServer("gh")).toBe(true);
    expect(toolPolicy(rules(["Gh__*"], ["gh__*"])).hidesServer("Gh")).toBe(true);
  });
});

describe("DENY_EVERYTHING", () => {
  it("permits and pre-approves nothing and hides every server", () => {
    expect([
      DENY_EVERYTHING.permits("a__b"),
      DENY_EVERYTHING.preApproved("a__b"),
      DENY_EVERYTHING.hidesServer("a"),
    ]).toEqual([false, false, true]);
    expect(Object.isFrozen(DENY_EVERYTHING)).toBe(true);
  });
});

describe("deniedNames", () => {
  it("is the catalogue name, plus server__ and the original name, raw and cleaned, for a renamed tool", () => {
    expect(deniedNames("up__echo", undefined)).toEqual(["up__echo"]);
    expect(deniedNames("up__drop_table_1", "  drop  table!! ")).toEqual([
      "up__drop_table_1",
      "up__  drop  table!! ",
      "up__drop_table",
    ]);
    expect(deniedNames("up__x", "__keep-this_")).toEqual(["up__x", "up____keep-this_", "up__keep-this"]);
    // Trailing and leading runs of underscores go, and a name that starts with "__" has an empty server.
    expect(deniedNames("up__x", "drop__")).toEqual(["up__x", "up__drop__", "up__drop"]);
    expect(deniedNames("__x", "a b")).toEqual(["__x", "__a b", "__a_b"]);
    // A name without a server prefix gets none.
    expect(deniedNames("plain", "a b")).toEqual(["plain", "a b", "a_b"]);
  });
});
