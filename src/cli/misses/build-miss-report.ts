import { MISS_KINDS, type MissKind, type MissRecord } from "../../public/learning.js";
import { type DistinctRequest, groupRequests } from "./group-requests.js";
import {
  DEFAULT_GROUPS,
  MAX_GROUP_ANSWERS,
  MAX_GROUPS,
  MAX_LISTED,
  MAX_REPORT_RECORDS,
  type MissGroup,
  type MissReport,
  type MissReportOptions,
  type ServerTools,
  type ScopeTools,
} from "./miss-report.js";
import { buildTimeline, type DatedRecord } from "./miss-timeline.js";
import { Tally } from "./tally.js";

/**
 * Sums up a store's miss records: the requests missed most (grouped when alike), the tools
 * found late per server and per scope, the tools used after misses, and misses per day and per
 * server. Pure and bounded: past {@link MAX_REPORT_RECORDS} records only the last ones are read
 * (stores list oldest first) and `skipped` says how many were not.
 */
export function buildMissReport(records: readonly MissRecord[], options: MissReportOptions = {}): MissReport {
  const keep = clampGroups(options.groups);
  const read = records.length > MAX_REPORT_RECORDS ? records.slice(records.length - MAX_REPORT_RECORDS) : records;
  const dated: DatedRecord[] = [];
  for (const record of read) {
    const time = Date.parse(record.at);
    if (!Number.isNaN(time)) dated.push({ record, time });
  }
  const kinds = Object.fromEntries(MISS_KINDS.map((kind) => [kind, 0])) as Record<MissKind, number>;
  for (const { record } of dated) kinds[record.kind]++;

  const { groups, groupsTotal } = missGroups(dated, keep);
  const servers = new Tally<string | undefined>();
  for (const { record } of dated) servers.add(record.server);
  const listedServers = servers.top(MAX_LISTED);
  const first = dated.reduce<DatedRecord | undefined>(
    (a, b) => (a === undefined || b.time < a.time ? b : a),
    undefined,
  );
  const last = dated.reduce<DatedRecord | undefined>((a, b) => (a === undefined || b.time > a.time ? b : a), undefined);
  return {
    records: dated.length,
    skipped: records.length - dated.length,
    ...(first && last ? { span: { first: first.record.at, last: last.record.at } } : {}),
    kinds,
    groups,
    groupsTotal,
    foundLate: foundLate(dated),
    answers: answers(dated),
    servers: listedServers.map(({ key, count }) => withServer(key, { count })),
    otherServers: dated.length - listedServers.reduce((sum, { count }) => sum + count, 0),
    timeline: buildTimeline(dated),
  };
}

function clampGroups(groups: number | undefined): number {
  if (groups === undefined || !Number.isFinite(groups)) return DEFAULT_GROUPS;
  return Math.min(MAX_GROUPS, Math.max(1, Math.floor(groups)));
}

function missGroups(dated: readonly DatedRecord[], keep: number): { groups: MissGroup[]; groupsTotal: number } {
  const byHash = new Map<string, { request: DistinctRequest; members: DatedRecord[] }>();
  for (const entry of dated) {
    const { hash, length, text } = entry.record.request;
    let distinct = byHash.get(hash);
    if (!distinct) byHash.set(hash, (distinct = { request: { hash, length, count: 0 }, members: [] }));
    distinct.request.count++;
    // A store may have recorded text for some records of a request and not for others.
    if (distinct.request.text === undefined && text !== undefined) distinct.request.text = text;
    distinct.members.push(entry);
  }
  const distinct = [...byHash.values()];
  const clusters = groupRequests(distinct.map(({ request }) => request));
  const sized = clusters
    .map((indexes, order) => ({
      indexes,
      order,
      count: indexes.reduce((sum, i) => sum + distinct[i]!.request.count, 0),
    }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, keep);
  return {
    groupsTotal: clusters.length,
    groups: sized.map(({ indexes, count }) => {
      const seed = distinct[indexes[0]!]!.request;
      const members = indexes.flatMap((i) => distinct[i]!.members);
      const kinds: Partial<Record<MissKind, number>> = {};
      const answers = new Tally<string>();
      let firstSeen = members[0]!;
      let lastSeen = members[0]!;
      for (const member of members) {
        kinds[member.record.kind] = (kinds[member.record.kind] ?? 0) + 1;
        if (member.record.answer !== undefined) answers.add(member.record.answer);
        if (member.time < firstSeen.time) firstSeen = member;
        if (member.time > lastSeen.time) lastSeen = member;
      }
      return {
        ...(seed.text === undefined ? {} : { text: seed.text }),
        hash: seed.hash,
        length: seed.length,
        requests: indexes.length,
        count,
        kinds,
        firstSeen: firstSeen.record.at,
        lastSeen: lastSeen.record.at,
        answers: answers.top(MAX_GROUP_ANSWERS).map(({ key, count }) => ({ name: key, count })),
      };
    }),
  };
}

function foundLate(dated: readonly DatedRecord[]): MissReport["foundLate"] {
  const perServer = new Map<string | undefined, Tally<string>>();
  const perScope = new Map<string, Tally<string>>();
  const serverCounts = new Tally<string | undefined>();
  const scopeCounts = new Tally<string>();
  for (const { record } of dated) {
    if (record.kind !== "found-late" || record.answer === undefined) continue;
    serverCounts.add(record.server);
    scopeCounts.add(record.scope);
    tallyOf(perServer, record.server).add(record.answer);
    tallyOf(perScope, record.scope).add(record.answer);
  }
  const tools = (tally: Tally<string> | undefined) =>
    (tally?.top(MAX_GROUP_ANSWERS) ?? []).map(({ key, count }) => ({ name: key, count }));
  return {
    byServer: serverCounts
      .top(MAX_LISTED)
      .map(({ key, count }): ServerTools => withServer(key, { count, tools: tools(perServer.get(key)) })),
    byScope: scopeCounts
      .top(MAX_LISTED)
      .map(({ key, count }): ScopeTools => ({ scope: key, count, tools: tools(perScope.get(key)) })),
  };
}

function answers(dated: readonly DatedRecord[]): MissReport["answers"] {
  const tally = new Tally<string>();
  const serverOf = new Map<string, string>();
  for (const { record } of dated) {
    if (record.answer === undefined) continue;
    tally.add(record.answer);
    if (record.server !== undefined && !serverOf.has(record.answer)) serverOf.set(record.answer, record.server);
  }
  return tally.top(MAX_LISTED).map(({ key, count }) => withServer(serverOf.get(key), { name: key, count }));
}

function tallyOf<K extends string | undefined>(map: Map<K, Tally<string>>, key: K): Tally<string> {
  let tally = map.get(key);
  if (!tally) map.set(key, (tally = new Tally<string>()));
  return tally;
}

/** `fields` with `server` set only when there is one: the JSON leaves an absent server out. */
function withServer<T extends object>(server: string | undefined, fields: T): T & { server?: string } {
  return server === undefined ? fields : { server, ...fields };
}
