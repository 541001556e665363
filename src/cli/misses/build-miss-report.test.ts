import { describe, expect, it } from "vitest";
import type { MissRecord } from "../../public/learning.js";
import { buildMissReport } from "./build-miss-report.js";
import { MAX_DAYS, MAX_GROUPS, MAX_REPORT_RECORDS, MAX_SEEDS } from "./miss-report.js";
import { miss, requestHash } from "./miss-records.fixture.js";

const day = (d: number, hour = 10) => new Date(Date.UTC(2026, 10, d, hour)).toISOString();

describe("buildMissReport: grouping requests", () => {
  it("groups texts whose term sets are alike and keeps unlike ones apart", () => {
    const report = buildMissReport([
      miss("list my open pull requests", { at: day(3), answer: "github__list_prs" }),
      miss("list my open pull requests", { at: day(1), kind: "weak", answer: "github__list_prs" }),
      miss("list my open pull requests", { at: day(2), kind: "unused" }),
      miss("show open pull requests", { at: day(5), answer: "github__search_prs" }),
      miss("create an issue", { at: day(2) }),
      miss("create an issue", { at: day(2) }),
      miss("close the issue", { at: day(4) }),
    ]);
    expect(report.groupsTotal).toBe(3);
    expect(report.groups).toEqual([
      {
        text: "list my open pull requests",
        hash: requestHash("list my open pull requests"),
        length: 26,
        requests: 2,
        count: 4,
        kinds: { empty: 2, weak: 1, unused: 1 },
        firstSeen: day(1),
        lastSeen: day(5),
        answers: [
          { name: "github__list_prs", count: 2 },
          { name: "github__search_prs", count: 1 },
        ],
      },
      expect.objectContaining({ text: "create an issue", requests: 1, count: 2, answers: [] }),
      expect.objectContaining({ text: "close the issue", requests: 1, count: 1 }),
    ]);
  });

  it("groups requests recorded without text by their hash alone, never by likeness", () => {
    const report = buildMissReport([
      miss("send an email", { withText: false }),
      miss("send an email", { withText: false }),
      miss("send an e-mail", { withText: false }),
    ]);
    expect(report.groups.map((group) => [group.text, group.hash, group.count, group.length])).toEqual([
      [undefined, requestHash("send an email"), 2, 13],
      [undefined, requestHash("send an e-mail"), 1, 14],
    ]);
  });

  it("takes a request's text from any record of its hash, so stores that began recording text still group", () => {
    const report = buildMissReport([
      miss("weather in paris", { withText: false }),
      miss("weather in paris"),
      miss("paris weather today"),
    ]);
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0]).toMatchObject({ text: "weather in paris", count: 3, requests: 2 });
  });

  it("gives the same report whatever the records' order", () => {
    const records = [
      miss("list open pull requests", { at: day(1), server: "github", answer: "github__list_prs" }),
      miss("show open pull requests", { at: day(2) }),
      miss("open pull requests", { at: day(3) }),
      miss("create an issue", { at: day(2), kind: "found-late", answer: "github__create_issue", server: "github" }),
      miss("close the issue", { at: day(4) }),
      miss("unlisted", { at: day(4), withText: false }),
    ];
    expect(buildMissReport([...records].reverse())).toEqual(buildMissReport(records));
  });

  it("keeps the largest groups, 20 unless told, never more than MAX_GROUPS", () => {
    const records = Array.from({ length: 150 }, (_, i) => miss(`distinct${i}`, { withText: false }));
    records.push(miss("distinct7", { withText: false }));
    expect(buildMissReport(records).groups).toHaveLength(20);
    expect(buildMissReport(records).groups[0]).toMatchObject({ hash: requestHash("distinct7"), count: 2 });
    expect(buildMissReport(records, { groups: 5 }).groups).toHaveLength(5);
    expect(buildMissReport(records, { groups: 10_000 }).groups).toHaveLength(MAX_GROUPS);
    expect(buildMissReport(records, { groups: 10_000 }).groupsTotal).toBe(150);
  });
});

describe("buildMissReport: tools found late, answers and servers", () => {
  const records = [
    miss("a", { kind: "found-late", answer: "github__create_issue", server: "github", scope: "team-a" }),
    miss("b", { kind: "found-late", answer: "github__create_issue", server: "github", scope: "team-b" }),
    miss("c", { kind: "found-late", answer: "github__list_prs", server: "github", scope: "team-a" }),
    miss("d", { kind: "found-late", answer: "fs__read_file", server: "fs", scope: "team-a" }),
    miss("e", { kind: "found-late", answer: "local_tool", scope: "team-b" }),
    miss("f", { kind: "weak", answer: "fs__read_file", server: "fs", scope: "team-a" }),
    miss("g", { kind: "empty", scope: "team-a" }),
    miss("h", { kind: "unknown-tool", scope: "__proto__", server: "__proto__", answer: "constructor" }),
  ];
  const report = buildMissReport(records);

  it("counts found-late tools per server and per scope, and only found-late records", () => {
    expect(report.foundLate.byServer).toEqual([
      {
        server: "github",
        count: 3,
        tools: [
          { name: "github__create_issue", count: 2 },
          { name: "github__list_prs", count: 1 },
        ],
      },
      { server: "fs", count: 1, tools: [{ name: "fs__read_file", count: 1 }] },
      { count: 1, tools: [{ name: "local_tool", count: 1 }] },
    ]);
    expect(report.foundLate.byScope).toEqual([
      {
        scope: "team-a",
        count: 3,
        tools: [
          { name: "fs__read_file", count: 1 },
          { name: "github__create_issue", count: 1 },
          { name: "github__list_prs", count: 1 },
        ],
      },
      {
        scope: "team-b",
        count: 2,
        tools: [
          { name: "github__create_issue", count: 1 },
          { name: "local_tool", count: 1 },
        ],
      },
    ]);
  });

  it("counts the answers of every kind, and the misses per server, hostile names as plain keys", () => {
    expect(report.answers).toEqual([
      { name: "fs__read_file", server: "fs", count: 2 },
      { name: "github__create_issue", server: "github", count: 2 },
      { name: "constructor", server: "__proto__", count: 1 },
      { name: "github__list_prs", server: "github", count: 1 },
      { name: "local_tool", count: 1 },
    ]);
    expect(report.servers).toEqual([
      { server: "github", count: 3 },
      { server: "fs", count: 2 },
      { count: 2 },
      { server: "__proto__", count: 1 },
    ]);
    expect(report.otherServers).toBe(0);
    expect(report.kinds).toEqual({ empty: 1, weak: 1, unused: 0, "unknown-tool": 1, "found-late": 5 });
  });
});

describe("buildMissReport: misses over time", () => {
  it("counts misses per UTC day, every day of the span present, and per server", () => {
    const report = buildMissReport([
      miss("a", { at: "2026-11-01T23:59:59.000Z", server: "github", answer: "x" }),
      miss("b", { at: "2026-11-02T00:00:00.000Z", server: "github", answer: "x" }),
      miss("c", { at: "2026-11-02T12:00:00.000+05:00" }),
      miss("d", { at: "2026-11-04T08:00:00.000Z", server: "fs", answer: "y" }),
    ]);
    expect(report.timeline).toEqual({
      days: ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"],
      total: [1, 2, 0, 1],
      series: [
        { server: "github", count: 2, perDay: [1, 1, 0, 0] },
        { server: "fs", count: 1, perDay: [0, 0, 0, 1] },
        { count: 1, perDay: [0, 1, 0, 0] },
      ],
      earlier: 0,
    });
    expect(report.span).toEqual({ first: "2026-11-01T23:59:59.000Z", last: "2026-11-04T08:00:00.000Z" });
  });

  it("spans at most MAX_DAYS, ending on the last record's day: a record decades early is only counted", () => {
    const report = buildMissReport([miss("old", { at: "1970-01-01T00:00:00.000Z" }), miss("new", { at: day(30) })]);
    expect(report.timeline.days).toHaveLength(MAX_DAYS);
    expect(report.timeline.days.at(-1)).toBe("2026-11-30");
    expect(report.timeline.total.reduce((a, b) => a + b)).toBe(1);
    expect(report.timeline.earlier).toBe(1);
  });

  it("is empty, not broken, without records", () => {
    const report = buildMissReport([]);
    expect(report).toMatchObject({ records: 0, skipped: 0, groups: [], groupsTotal: 0, servers: [] });
    expect(report.span).toBeUndefined();
    expect(report.timeline).toEqual({ days: [], total: [], series: [], earlier: 0 });
  });
});

/** A cheap record for the large tests: a counter for id and hash, no HMAC. */
function bulkMiss(i: number, text: string, withText = true): MissRecord {
  const hash = i.toString(16).padStart(64, "0");
  return {
    id: `m${i}`,
    at: day(1),
    scope: "default",
    kind: "empty",
    request: { hash, length: text.length, ...(withText ? { text } : {}) },
    results: [],
  };
}

describe("buildMissReport: bounds", () => {
  it("reads the last MAX_REPORT_RECORDS records and says how many it left out, with undated ones", () => {
    const records = Array.from({ length: MAX_REPORT_RECORDS + 5 }, (_, i) => bulkMiss(i < 5 ? 0 : 1, "x", false));
    records.push({ ...miss("undated"), at: "not a date" });
    const report = buildMissReport(records);
    expect(report.records).toBe(MAX_REPORT_RECORDS - 1);
    expect(report.skipped).toBe(7);
    expect(report.groups.map((group) => group.hash)).toEqual([bulkMiss(1, "x").request.hash]);
  });

  it("groups 100,000 distinct hostile texts that all share terms in bounded time", () => {
    // Every text shares "file" and "read" with every seed, so each is compared with all of them:
    // unbounded, that is 10^10 comparisons; bounded, about a second on an idle machine. The
    // limit is loose for a loaded one.
    const records = Array.from({ length: MAX_REPORT_RECORDS }, (_, i) =>
      bulkMiss(i, `read file w${i} x${i} y${i} z${i} v${i % 997}`),
    );
    const started = performance.now();
    const report = buildMissReport(records);
    const elapsed = performance.now() - started;
    expect(report.groupsTotal).toBeGreaterThan(MAX_SEEDS);
    expect(report.records).toBe(MAX_REPORT_RECORDS);
    expect(elapsed).toBeLessThan(30_000);
  }, 90_000);
});
