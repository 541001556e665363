import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "../config/gateway-config.js";
import { parseGlobList, parsePolicies, parseRateLimits } from "./policies-config.js";

const stdio = { command: "node", args: ["server.js"] };

function settingsOf(toolsift: unknown) {
  return parseGatewayConfig({ mcpServers: { gh: stdio, db: stdio }, toolsift }, "mcp.json", {}).settings;
}

function problemOf(toolsift: unknown): ConfigError {
  return thrownBy(
    () => parseGatewayConfig({ mcpServers: { gh: stdio, db: stdio }, toolsift }, "mcp.json", {}),
    ConfigError,
  );
}

describe("policies and rateLimits in the toolsift block", () => {
  it("reads policies and rate limits, with empty selector and rule lists filled in", () => {
    const settings = settingsOf({
      allow: ["gh__get_*"],
      policies: [
        { groups: ["ops"], allow: ["db__*"], allowDestructive: ["db__vacuum"] },
        { callers: ["ci", "oauth:alice"], deny: ["gh__*"] },
      ],
      rateLimits: { callsPerMinute: 120 },
    });
    expect(settings.policies).toEqual([
      {
        callers: [],
        groups: ["ops"],
        scopes: [],
        tenants: [],
        allow: ["db__*"],
        deny: [],
        allowDestructive: ["db__vacuum"],
      },
      {
        callers: ["ci", "oauth:alice"],
        groups: [],
        scopes: [],
        tenants: [],
        allow: [],
        deny: ["gh__*"],
        allowDestructive: [],
      },
    ]);
    expect(settings.rateLimits).toEqual({ callsPerMinute: 120, searchesPerMinute: undefined });
    expect(settingsOf({})).toMatchObject({ policies: [], rateLimits: { callsPerMinute: undefined } });
  });

  it("refuses exact names and server__ prefixes of servers the file does not have, in every list", () => {
    for (const [toolsift, field] of [
      [{ deny: ["nosuch__drop_table"] }, "toolsift.deny[0]"],
      [{ deny: ["gh__x", "nosuch__*"] }, "toolsift.deny[1]"],
      [{ allow: ["nosuch__*"] }, "toolsift.allow[0]"],
      [{ deny: ["drop_table"] }, "toolsift.deny[0]"],
      [{ policies: [{ groups: ["g"], deny: ["nosuch__?"] }] }, "toolsift.policies[0].deny[0]"],
    ] as const) {
      expect(problemOf(toolsift).field).toBe(field);
    }
    expect(problemOf({ deny: ["nosuch__*"] }).message).toContain(
      'whose server "nosuch" is not one of this file\'s servers',
    );
    // Globs whose server part is itself a glob, and deny's server in another letter case, are fine.
    expect(settingsOf({ deny: ["*__drop_table", "g?__x", "GH__Delete_*"] }).deny).toHaveLength(3);
  });

  it("refuses policies that could apply to nobody, change nothing, or allow past an unset allow", () => {
    expect(problemOf({ policies: [{ allow: ["gh__*"] }] }).message).toContain("apply to nobody");
    expect(problemOf({ allow: [], policies: [{ groups: ["g"] }] }).message).toContain("changes nothing");
    expect(problemOf({ policies: [{ groups: ["g"], allow: ["gh__*"] }] })).toMatchObject({
      field: "toolsift.policies[0].allow",
    });
    expect(problemOf({ allow: [], policies: [{ group: ["g"], allow: ["gh__*"] }] }).field).toBe(
      "toolsift.policies[0].group",
    );
    expect(problemOf({ allow: [], policies: [{ groups: [""], allow: ["gh__*"] }] }).field).toBe(
      "toolsift.policies[0].groups[0]",
    );
    expect(problemOf({ policies: {} }).field).toBe("toolsift.policies");
  });

  it("refuses rate limits that are not whole numbers from 1 to 1,000,000", () => {
    expect(problemOf({ rateLimits: { callsPerMinute: 0 } }).field).toBe("toolsift.rateLimits.callsPerMinute");
    expect(problemOf({ rateLimits: { searchesPerMinute: 1.5 } }).field).toBe("toolsift.rateLimits.searchesPerMinute");
    expect(problemOf({ rateLimits: { perHour: 5 } }).field).toBe("toolsift.rateLimits.perHour");
    expect(problemOf({ rateLimits: 10 }).field).toBe("toolsift.rateLimits");
  });
});

// The parsers on their own, each message whole: what is wrong, where, and how to fix it.
/** What a config check said: the field and the problem, as ConfigError would show them. */
class Refused extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}
const fail = (field: string, problem: string): never => {
  throw new Refused(field, problem);
};
function refusal(check: () => unknown): { field: string; problem: string } {
  try {
    check();
  } catch (error) {
    if (error instanceof Refused) return { field: error.field, problem: error.problem };
    throw error;
  }
  throw new Error("the check passed");
}

const SERVERS = new Set(["gh", "db"]);
const policies = (value: unknown, baseAllow = true, keepTools = 0) =>
  parsePolicies(value, SERVERS, baseAllow, fail, keepTools);

describe("parseGlobList", () => {
  it("is undefined when unset, and a copy of the list when every glob can match", () => {
    expect(parseGlobList(undefined, "toolsift.deny", SERVERS, fail)).toBeUndefined();
    const globs = ["gh__*", "*__drop", "d?__x", "db__get"];
    const parsed = parseGlobList(globs, "toolsift.deny", SERVERS, fail);
    expect(parsed).toEqual(globs);
    expect(parsed).not.toBe(globs);
  });

  it("says what a list must be, and what a glob that can never match is", () => {
    expect(refusal(() => parseGlobList("gh__*", "toolsift.allow", SERVERS, fail))).toEqual({
      field: "toolsift.allow",
      problem: 'must be an array of tool names or globs such as "github__*", not "gh__*" (a string).',
    });
    expect(refusal(() => parseGlobList(["gh__*", "gh.x"], "toolsift.allow", SERVERS, fail))).toEqual({
      field: "toolsift.allow[1]",
      problem:
        '"gh.x" can never match: tool names have only letters, digits, "_" and "-" (plus "*" for any run of characters and "?" for one), at most 200 characters.',
    });
  });

  it("names the servers of the file, and a glob to use instead, for a name of another server", () => {
    expect(refusal(() => parseGlobList(["nosuch__drop_*"], "toolsift.deny", SERVERS, fail))).toEqual({
      field: "toolsift.deny[0]",
      problem:
        'is "nosuch__drop_*", whose server "nosuch" is not one of this file\'s servers ("gh", "db"), so it would match nothing. Fix the server name, or use a glob such as "*__drop_*".',
    });
    expect(refusal(() => parseGlobList(["nosuch__drop"], "toolsift.allow", SERVERS, fail))).toEqual({
      field: "toolsift.allow[0]",
      problem:
        'is "nosuch__drop", but tool names here are "server__tool" with one of the servers "gh", "db". Fix the name (toolsift inspect lists every tool), or use a glob such as "*__drop".',
    });
    expect(refusal(() => parseGlobList(["drop"], "toolsift.allow", SERVERS, fail)).problem).toContain(
      'or use a glob such as "*__drop".',
    );
    // A glob with no "__", or nothing before its first "__", names no server: it is not checked.
    expect(parseGlobList(["x*", "__*", "drop_?"], "toolsift.allow", SERVERS, fail)).toEqual(["x*", "__*", "drop_?"]);
    // An exact name with no server is refused in deny (any letter case) as in allow.
    expect(refusal(() => parseGlobList(["drop"], "toolsift.deny", SERVERS, fail, true)).field).toBe("toolsift.deny[0]");
    // "__x" has no server before its "__": an exact name of no server.
    expect(refusal(() => parseGlobList(["__x"], "toolsift.allow", SERVERS, fail)).problem).toContain(
      'or use a glob such as "*____x".',
    );
  });

  it("takes the server in any letter case only where matching ignores case (deny)", () => {
    expect(parseGlobList(["GH__Drop", "Db__*"], "toolsift.deny", SERVERS, fail, true)).toEqual(["GH__Drop", "Db__*"]);
    expect(refusal(() => parseGlobList(["GH__drop"], "toolsift.allow", SERVERS, fail)).field).toBe("toolsift.allow[0]");
    expect(refusal(() => parseGlobList(["Db__*"], "toolsift.allow", SERVERS, fail)).field).toBe("toolsift.allow[0]");
    expect(refusal(() => parseGlobList(["nosuch__x"], "toolsift.deny", SERVERS, fail, true)).field).toBe(
      "toolsift.deny[0]",
    );
  });
});

describe("parsePolicies", () => {
  it("is empty when unset, and reads each rule, selector and budget of an entry", () => {
    expect(policies(undefined)).toEqual([]);
    expect(
      policies([
        {
          callers: ["ci"],
          groups: ["ops"],
          scopes: ["tools"],
          tenants: ["acme"],
          allow: ["db__*"],
          deny: ["DB__drop"],
          allowDestructive: ["db__vacuum"],
          maxListedTools: 40,
          maxListedTokens: 9_000,
        },
      ]),
    ).toEqual([
      {
        callers: ["ci"],
        groups: ["ops"],
        scopes: ["tools"],
        tenants: ["acme"],
        allow: ["db__*"],
        deny: ["DB__drop"],
        allowDestructive: ["db__vacuum"],
        maxListedTools: 40,
        maxListedTokens: 9_000,
      },
    ]);
    // A budget alone changes something; no budget key is set when the entry has none.
    expect(policies([{ groups: ["ops"], maxListedTools: 10 }], false)).toEqual([
      {
        callers: [],
        groups: ["ops"],
        scopes: [],
        tenants: [],
        allow: [],
        deny: [],
        allowDestructive: [],
        maxListedTools: 10,
      },
    ]);
    expect(Object.keys(policies([{ groups: ["ops"], deny: ["gh__x"] }])[0]!)).not.toContain("maxListedTools");
  });

  it("says what the list and each entry must be", () => {
    expect(refusal(() => policies({ groups: ["ops"] }))).toEqual({
      field: "toolsift.policies",
      problem: 'must be an array of at most 1000 entries like {"groups": ["ops"], "allow": ["db__*"]}, not an object.',
    });
    expect(refusal(() => policies(Array.from({ length: 1_001 }, () => ({ groups: ["g"], deny: ["gh__x"] }))))).toEqual({
      field: "toolsift.policies",
      problem:
        'must be an array of at most 1000 entries like {"groups": ["ops"], "allow": ["db__*"]}, not an array of 1001 items.',
    });
    expect(policies(Array.from({ length: 1_000 }, () => ({ groups: ["g"], deny: ["gh__x"] })))).toHaveLength(1_000);
    for (const entry of [null, [], "ops"]) {
      expect(refusal(() => policies([{ groups: ["g"], deny: ["gh__x"] }, entry])).field).toBe("toolsift.policies[1]");
    }
    expect(refusal(() => policies([null])).problem).toBe(
      'must be an object like {"groups": ["ops"], "allow": ["db__*"]}, not null.',
    );
    expect(refusal(() => policies([{ groups: ["g"], deny: ["gh__x"], denied: [] }]))).toEqual({
      field: "toolsift.policies[0].denied",
      problem:
        "is not a policy field. The fields are: callers, groups, scopes, tenants, allow, deny, allowDestructive, maxListedTools, maxListedTokens.",
    });
  });

  it("says why an entry that applies to nobody, changes nothing or allows past an unset allow is refused", () => {
    expect(refusal(() => policies([{ deny: ["gh__x"] }]))).toEqual({
      field: "toolsift.policies[0]",
      problem:
        'names no "callers", "groups", "scopes" or "tenants", so it would apply to nobody. Rules for everyone go in the top-level allow, deny and allowDestructive.',
    });
    expect(refusal(() => policies([{ callers: [], groups: [], deny: ["gh__x"] }])).field).toBe("toolsift.policies[0]");
    for (const selector of ["callers", "groups", "scopes", "tenants"]) {
      expect(policies([{ [selector]: ["x"], deny: ["gh__x"] }])[0]![selector as "groups"]).toEqual(["x"]);
    }
    expect(refusal(() => policies([{ groups: ["ops"] }]))).toEqual({
      field: "toolsift.policies[0]",
      problem:
        'has no "allow", "deny", "allowDestructive", "maxListedTools" or "maxListedTokens", so it changes nothing.',
    });
    for (const rule of ["allow", "deny", "allowDestructive"]) {
      expect(policies([{ groups: ["ops"], [rule]: [] }])).toHaveLength(1);
    }
    expect(policies([{ groups: ["ops"], maxListedTokens: 9_000 }])).toHaveLength(1);
    expect(refusal(() => policies([{ groups: ["ops"], allow: ["gh__x"] }], false))).toEqual({
      field: "toolsift.policies[0].allow",
      problem:
        'adds to the top-level allow, which is not set, so every tool is allowed to everyone already and this allows nothing more. Set toolsift.allow (e.g. [] to allow nothing by default), or use "deny" here to take tools away.',
    });
    expect(policies([{ groups: ["ops"], deny: ["gh__x"] }], false)).toHaveLength(1);
  });

  it("checks each rule's globs where they are, deny's server in any letter case", () => {
    expect(refusal(() => policies([{ groups: ["g"], allowDestructive: ["GH__x"] }])).field).toBe(
      "toolsift.policies[0].allowDestructive[0]",
    );
    expect(refusal(() => policies([{ groups: ["g"], allow: ["GH__x"] }])).field).toBe("toolsift.policies[0].allow[0]");
    expect(policies([{ groups: ["g"], deny: ["GH__x"] }])[0]!.deny).toEqual(["GH__x"]);
  });

  it("bounds selectors: at most 1000, each 1 to 256 characters", () => {
    const entry = (groups: unknown) => [{ groups, deny: ["gh__x"] }];
    expect(refusal(() => policies(entry("ops")))).toEqual({
      field: "toolsift.policies[0].groups",
      problem: 'must be an array of at most 1000 strings, not "ops" (a string).',
    });
    expect(refusal(() => policies(entry(Array.from({ length: 1_001 }, (_, i) => `g${i}`)))).field).toBe(
      "toolsift.policies[0].groups",
    );
    expect(policies(entry(Array.from({ length: 1_000 }, (_, i) => `g${i}`)))[0]!.groups).toHaveLength(1_000);
    expect(refusal(() => policies(entry(["ops", 7])))).toEqual({
      field: "toolsift.policies[0].groups[1]",
      problem: "must be a string of 1 to 256 characters, not 7.",
    });
    expect(refusal(() => policies(entry(["g".repeat(257)]))).field).toBe("toolsift.policies[0].groups[0]");
    expect(policies(entry(["g".repeat(256)]))[0]!.groups).toEqual(["g".repeat(256)]);
  });

  it("checks budgets against the keep tools", () => {
    expect(refusal(() => policies([{ groups: ["g"], maxListedTools: 2 }], true, 2)).field).toBe(
      "toolsift.policies[0].maxListedTools",
    );
  });
});

describe("parseRateLimits", () => {
  it("reads each limit, unset as no limit", () => {
    expect(parseRateLimits(undefined, fail)).toEqual({ callsPerMinute: undefined, searchesPerMinute: undefined });
    expect(parseRateLimits({}, fail)).toEqual({ callsPerMinute: undefined, searchesPerMinute: undefined });
    expect(parseRateLimits({ callsPerMinute: 1, searchesPerMinute: 1_000_000 }, fail)).toEqual({
      callsPerMinute: 1,
      searchesPerMinute: 1_000_000,
    });
  });

  it("says what it must be", () => {
    for (const value of [null, [], 5])
      expect(refusal(() => parseRateLimits(value, fail)).field).toBe("toolsift.rateLimits");
    expect(refusal(() => parseRateLimits(5, fail)).problem).toBe(
      'must be an object like {"callsPerMinute": 120, "searchesPerMinute": 60}, not 5.',
    );
    expect(refusal(() => parseRateLimits({ callsPerHour: 5 }, fail))).toEqual({
      field: "toolsift.rateLimits.callsPerHour",
      problem: "is not a rate limit; they are callsPerMinute and searchesPerMinute.",
    });
    for (const limit of [0, 1_000_001, 2.5, "60"]) {
      expect(refusal(() => parseRateLimits({ searchesPerMinute: limit }, fail)).field).toBe(
        "toolsift.rateLimits.searchesPerMinute",
      );
    }
    expect(refusal(() => parseRateLimits({ callsPerMinute: 0 }, fail))).toEqual({
      field: "toolsift.rateLimits.callsPerMinute",
      problem: "must be a whole number from 1 to 1000000, not 0.",
    });
  });
});
