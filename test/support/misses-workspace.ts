import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MissRecord } from "../../src/public/learning.js";
import { isHeldBack } from "../../src/cli/misses/miss-split.js";
import { scratchDir } from "./gateway-process.js";

/** The vague tool the misses are about: its description says nothing users type. */
export const VAGUE_TOOL = "tracker__issue_creator";

/** Twenty tools whose descriptions share no word with the missed requests, and the vague one. */
export const MISSES_TOOLS = [
  { name: VAGUE_TOOL, description: "Creates an entity in the system." },
  ...[
    ["chat__send_message", "Send a message to a channel."],
    ["chat__list_channels", "List the channels of a workspace."],
    ["calendar__create_event", "Schedule a meeting on a calendar."],
    ["calendar__list_events", "List upcoming meetings."],
    ["files__upload", "Upload a document to storage."],
    ["files__download", "Download a document from storage."],
    ["mail__send_email", "Send an email to recipients."],
    ["mail__search_inbox", "Search emails in the mailbox."],
    ["crm__create_contact", "Add a person to the address book."],
    ["crm__update_deal", "Change the stage of a sales deal."],
    ["wiki__create_page", "Write a new wiki page."],
    ["wiki__search_pages", "Find wiki pages by title."],
    ["repo__open_pull_request", "Open a pull request on GitHub."],
    ["repo__merge_pull_request", "Merge an approved pull request."],
    ["ci__restart_build", "Restart a pipeline job."],
    ["db__run_query", "Run a SQL query against the warehouse."],
    ["pay__refund_charge", "Refund a card charge to a customer."],
    ["pay__list_invoices", "List the invoices of an account."],
    ["hr__request_leave", "Request days off work."],
    ["weather__forecast", "Get the weather forecast for a city."],
  ].map(([name, description]) => ({ name: name!, description: description! })),
].map((tool) => ({ ...tool, inputSchema: { type: "object", properties: { text: { type: "string" } } } }));

/** Twelve parts of an app, for requests that differ only in where the defect is. */
export const DEFECT_AREAS = [
  "checkout",
  "login",
  "search",
  "payment",
  "export",
  "upload",
  "profile",
  "signup",
  "billing",
  "inbox",
  "cart",
  "settings",
];

/** A miss record, its hash as a store would make it. */
export function miss(
  id: string,
  text: string | undefined,
  answer: string | undefined,
  at = "2026-12-01T10:00:00.000Z",
): MissRecord {
  const hash = createHash("sha256")
    .update(text ?? id)
    .digest("hex");
  return {
    id,
    at,
    scope: "shared",
    kind: "weak",
    request: { hash, length: text?.length ?? 12, ...(text === undefined ? {} : { text }) },
    results: ["chat__send_message"],
    ...(answer === undefined ? {} : { answer }),
  };
}

/** The first id of the form `prefix-n` that falls on the asked side of the split. */
export function idOn(prefix: string, heldBack: boolean, share = 0.3): string {
  for (let n = 0; ; n++) if (isHeldBack(`${prefix}-${n}`, share) === heldBack) return `${prefix}-${n}`;
}

/** Twelve misses of the vague tool, one per area, with their text. */
export function crashMisses(): MissRecord[] {
  return DEFECT_AREAS.map((area, index) =>
    miss(`crash-${index}`, `the ${area} page crashes, report it as a glitch`, VAGUE_TOOL),
  );
}

/** A folder with the tools file and a misses file of `misses`. */
export function missesWorkspace(misses: readonly MissRecord[]): { dir: string; tools: string; misses: string } {
  const dir = scratchDir();
  writeFileSync(join(dir, "tools.json"), JSON.stringify(MISSES_TOOLS));
  writeFileSync(join(dir, "misses.json"), JSON.stringify({ version: 1, misses }));
  return { dir, tools: join(dir, "tools.json"), misses: join(dir, "misses.json") };
}
