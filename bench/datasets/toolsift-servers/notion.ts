import { defineServer, tool } from "./define-server.js";
import { cursorParams, list, obj, oneOf, str } from "./schema.js";

const richBlocks = list(
  obj({
    type: oneOf(["paragraph", "heading_1", "heading_2", "bulleted_list_item", "to_do", "code", "quote"], "Block type."),
    text: str("Plain text content."),
  }),
  "Blocks to add, in order.",
);

const tools = [
  tool(
    "search",
    "Search Notion pages and databases shared with the integration by title. Only content the integration has been given access to is found; it does not search inside page text.",
    {
      "query?": str("Text to match in titles; empty returns everything shared."),
      "filter?": oneOf(["page", "database"], "Only this object type."),
      "sort?": oneOf(["last_edited_time_ascending", "last_edited_time_descending"], "Ordering."),
      ...cursorParams(100, "start_cursor", "page_size"),
    },
  ),
  tool(
    "get_page",
    "Retrieve a Notion page's properties (title, status, dates, relations). Use get_block_children for its content.",
    {
      page_id: str("Page UUID, with or without dashes."),
    },
  ),
  tool(
    "get_block_children",
    "Read the content of a Notion page or block: its child blocks such as paragraphs, headings, to-dos and embeds. Nested blocks such as toggles must be fetched with another call on their id.",
    {
      block_id: str("Page or block UUID."),
      ...cursorParams(100, "start_cursor", "page_size"),
    },
  ),
  tool(
    "create_page",
    "Create a Notion page under a parent page or as a new row in a database. Properties must match the parent database schema.",
    {
      parent: obj(
        { "page_id?": str("Parent page UUID."), "database_id?": str("Parent database UUID.") },
        "Exactly one of page_id or database_id.",
        {
          minProperties: 1,
          maxProperties: 1,
        },
      ),
      title: str("Page title."),
      "properties?": obj({}, "Database properties keyed by property name, in Notion's property value format.", {
        additionalProperties: true,
      }),
      "children?": richBlocks,
      "icon_emoji?": str("Emoji icon for the page."),
    },
  ),
  tool(
    "append_blocks",
    "Append content blocks to the end of a Notion page or block. At most 100 blocks can be appended per request.",
    { block_id: str("Page or block UUID."), children: richBlocks },
  ),
  tool(
    "query_database",
    "Query a Notion database with filters and sorts on its properties, e.g. Status equals Done or Due before a date. Returns matching rows as pages.",
    {
      database_id: str("Database UUID."),
      "filter?": obj({}, "Notion filter object, e.g. {property: 'Status', status: {equals: 'Done'}}.", {
        additionalProperties: true,
      }),
      "sorts?": list(
        obj({ property: str("Property name."), direction: oneOf(["ascending", "descending"], "Direction.") }),
        "Sort order.",
      ),
      ...cursorParams(100, "start_cursor", "page_size"),
    },
  ),
  tool(
    "update_page_properties",
    "Update property values of a Notion page or database row, or archive it. Properties not mentioned keep their values.",
    {
      page_id: str("Page UUID."),
      properties: obj({}, "Property values to set, keyed by property name.", { additionalProperties: true }),
      "archived?": oneOf(["true", "false"], "Set to true to move the page to trash."),
    },
  ),
  tool(
    "list_users",
    "List the people and bots in the Notion workspace with their names and emails. Guests are not included.",
    cursorParams(100, "start_cursor", "page_size"),
  ),
];

export const notion = defineServer("notion", tools, {
  direct: {
    search: ["search notion for the hiring plan page"],
    create_page: ["create a notion page called 'Offsite agenda' under Team Home"],
    query_database: ["query the notion tasks database for rows where status is blocked"],
    append_blocks: ["append a to-do block 'book venue' to the offsite page"],
    list_users: ["list users in the notion workspace"],
    get_page: ["get the notion page properties of the offsite agenda"],
  },
  paraphrase: {
    search: ["where did i put my reading list in my notes app"],
    get_block_children: ["what's written in the offsite agenda in my notes app"],
    create_page: ["add an entry to our content calendar db for the june launch post"],
    append_blocks: ["tack a checklist onto the offsite agenda in my notes app: catering, AV, travel"],
    query_database: ["which tasks in my kanban db are overdue"],
    update_page_properties: ["flip the launch post's Status to Published in our content calendar"],
  },
});
