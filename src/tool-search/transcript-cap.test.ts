import { describe, expect, it, vi } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import type { ToolSearchEvent } from "../events.js";
import { createToolSearch } from "./tool-search.js";

// The real cap is 100,000 calls: a transcript that long takes most of a second to build and
// replay. The tool search reads the cap from the wire module, so a cap of 4 here tests the
// same truncation in milliseconds.
const CAP = vi.hoisted(() => 4);
vi.mock("../wire/index.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../wire/index.js")>()),
  MAX_TRANSCRIPT_CALLS: CAP,
}));

const LOW = { toolSearchThresholdTokens: 100 };
const call = (index: number, name: string) => ({ type: "function_call", call_id: `c${index}`, name, arguments: "{}" });
/** github, then calendar, then slack up to one call past the cap. */
const transcript = [
  call(0, "github__create_issue"),
  call(1, "calendar__create_event"),
  ...Array.from({ length: CAP - 1 }, (_, i) => call(i + 2, "slack__post_message")),
];

async function resume(id: string, calls: readonly unknown[]) {
  const events: ToolSearchEvent[] = [];
  const toolSearch = await createToolSearch({
    tools: sampleTools(),
    tuning: LOW,
    onEvent: (event) => events.push(event),
  });
  const session = toolSearch.session(id, { transcript: calls });
  await session.tools();
  return { hydrated: session.hydrated(), warnings: events.filter((event) => event.type === "warning") };
}

describe("a transcript over the replay cap", () => {
  it("is rebuilt from its last calls only, with a warning", async () => {
    const { hydrated, warnings } = await resume("long", transcript);
    expect(hydrated).toEqual(["calendar__create_event", "slack__post_message"]);
    expect(warnings).toEqual([
      {
        type: "warning",
        code: "transcript_truncated",
        message:
          `The transcript of session long holds ${CAP + 1} tool calls; its hydration was rebuilt from the last ${CAP}, ` +
          "so the order of its hydrated tools may differ from the process that ran them.",
      },
    ]);
  });

  it("is replayed whole, without a warning, at the cap exactly", async () => {
    const { hydrated, warnings } = await resume("capped", transcript.slice(1));
    expect(hydrated).toEqual(["calendar__create_event", "slack__post_message"]);
    expect(warnings).toEqual([]);
  });

  it("is replayed whole, without a warning, under the cap", async () => {
    const { hydrated, warnings } = await resume("short", transcript.slice(0, 2));
    expect(hydrated).toEqual(["github__create_issue", "calendar__create_event"]);
    expect(warnings).toEqual([]);
  });
});
