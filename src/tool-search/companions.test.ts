import { afterEach, describe, expect, it } from "vitest";
import { toolUse } from "../../test/support/sample-tools.js";
import type { ToolDefinition } from "../catalogue/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

const open: ToolSearch[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

const tool = (name: string, description: string, properties: string[] = [], required?: string[]): ToolDefinition => ({
  name,
  server: name.split("__")[0]!,
  description,
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(properties.map((property) => [property, { type: "string" }])),
    ...(required ? { required } : {}),
  },
  execute: () => "ok",
});

/** A CRM whose note tool needs a contact's id, which only its contact listing gives. */
const CRM = [
  tool("crm__add_note", "Attach a note to a contact record.", ["contact_id", "text"], ["contact_id", "text"]),
  tool("crm__list_contacts", "List every contact, with ids and emails."),
  tool("crm__create_contact", "Create a contact."),
  tool("crm__get_contact_notes", "Notes of one contact.", ["contact_id"], ["contact_id"]),
  tool("calendar__book_room", "Book a meeting room for a time slot.", ["room", "slot"]),
  tool("calendar__list_rooms", "Meeting rooms and their sizes."),
];

async function searchWith(options: Partial<ToolSearchOptions> = {}, tools: ToolDefinition[] = CRM) {
  const toolSearch = await createToolSearch({ tools, semanticFallback: false, ...options });
  open.push(toolSearch);
  return toolSearch;
}

/** A session's `search_tools` answer, as the model reads it. */
async function answerOf(toolSearch: ToolSearch, query: string, limit: number, sessionId = `ask-${query}`) {
  const result = await toolSearch.session(sessionId).execute(toolUse("search_tools", { query, limit }));
  expect(result.is_error).toBeUndefined();
  return JSON.parse(String(result.content)) as {
    matches: { name: string }[];
    companions?: { name: string; description: string; companion_of: string; reason: string }[];
  };
}

/** A session that searched, then used every one of `tools` side by side (one turn): what teaches co-usage. */
async function useTogether(toolSearch: ToolSearch, sessionId: string, query: string, tools: string[]) {
  const session = toolSearch.session(sessionId);
  await session.execute(toolUse("search_tools", { query }, "toolu_search"));
  const results = await Promise.all(
    tools.map((name, i) => session.execute(toolUse(name, { room: "A", slot: "9" }, `toolu_${i}`))),
  );
  for (const result of results) expect(result.is_error).toBeUndefined();
}

describe("companions in search_tools' answer", () => {
  it("offers the tool that gives a contact id beside a match that needs one, after the matches", async () => {
    const toolSearch = await searchWith();
    const answer = await answerOf(toolSearch, "add a note to a contact", 1);
    expect(answer.matches.map((match) => match.name)).toEqual(["crm__add_note"]);
    // create_contact has a side effect and get_contact_notes needs the id itself: neither is offered.
    expect(answer.companions).toEqual([
      {
        name: "crm__list_contacts",
        description: "List every contact, with ids and emails.",
        companion_of: "crm__add_note",
        reason: "provides_input",
      },
    ]);
  });

  it("never pushes a match out and never repeats one as a companion", async () => {
    const toolSearch = await searchWith();
    const answer = await answerOf(toolSearch, "add a note to a contact, list contacts", 5);
    const names = answer.matches.map((match) => match.name);
    expect(names).toContain("crm__list_contacts");
    expect(answer.companions?.map((companion) => companion.name) ?? []).not.toContain("crm__list_contacts");
    expect(names).toEqual(
      (await toolSearch.search("add a note to a contact, list contacts", { limit: 5 })).map((m) => m.name),
    );
  });

  it("offers no companion the session may not see", async () => {
    const toolSearch = await searchWith({ permit: (definition) => definition.name !== "crm__list_contacts" });
    const answer = await answerOf(toolSearch, "add a note to a contact", 1);
    expect(answer.companions).toBeUndefined();
  });

  it("offers a tool two sessions used together with the match, and not what one session used", async () => {
    const toolSearch = await searchWith({ learning: true });
    await useTogether(toolSearch, "s1", "book a room", ["calendar__book_room", "calendar__list_rooms"]);
    await toolSearch.flushLearning();
    expect((await answerOf(toolSearch, "book a meeting room", 1, "after-one")).companions).toBeUndefined();
    await useTogether(toolSearch, "s2", "reserve a room", ["calendar__book_room", "calendar__list_rooms"]);
    await toolSearch.flushLearning();
    const answer = await answerOf(toolSearch, "book a meeting room", 1, "after-two");
    expect(answer.matches.map((match) => match.name)).toEqual(["calendar__book_room"]);
    expect(answer.companions).toEqual([
      expect.objectContaining({
        name: "calendar__list_rooms",
        companion_of: "calendar__book_room",
        reason: "used_together",
      }),
    ]);
  });

  it("links no tool of another server, nor any tool of no server", async () => {
    const toolSearch = await searchWith({}, [
      ...CRM.filter((definition) => definition.name !== "crm__list_contacts"),
      tool("people__list_contacts", "List every contact, with ids and emails."),
    ]);
    expect((await answerOf(toolSearch, "add a note to a contact", 1)).companions).toBeUndefined();
    const serverless = CRM.map(({ server: _server, ...definition }) => definition);
    const plain = await searchWith({}, serverless);
    expect((await answerOf(plain, "add a note to a contact", 1)).companions).toBeUndefined();
  });

  it("gives a weak match no companion", async () => {
    const toolSearch = await searchWith();
    const answer = await answerOf(toolSearch, "contact the moon base", 1);
    expect(answer.matches.length).toBeLessThanOrEqual(1);
    expect(answer.companions).toBeUndefined();
  });
});
