import { defineServer, tool } from "./define-server.js";
import { int, list, oneOf, str } from "./schema.js";

const pageId = str("Numeric content id of the page.");

const tools = [
  tool(
    "search_pages",
    'Search Confluence content with CQL, e.g. `space = ENG AND title ~ "runbook" AND lastmodified > now("-30d")`. Returns titles, spaces, excerpts and links.',
    {
      cql: str("Confluence Query Language expression."),
      "limit?": int("Max results, up to 250.", { maximum: 250 }),
      "start?": int("Offset."),
    },
  ),
  tool(
    "get_page",
    "Get a Confluence page by id with its title, version, ancestors and body in storage format or rendered view. Storage format keeps macros intact and is what update_page expects back.",
    {
      page_id: pageId,
      "body_format?": oneOf(["storage", "view", "atlas_doc_format"], "Body representation.", { default: "storage" }),
    },
  ),
  tool(
    "create_page",
    "Create a Confluence page in a space, optionally as a child of another page. The body is XHTML storage format; macros are allowed.",
    {
      space_key: str("Space key, e.g. `ENG`."),
      title: str("Page title; must be unique in the space."),
      body: str("Page body in storage format."),
      "parent_id?": str("Id of the parent page."),
      "status?": oneOf(["current", "draft"], "Publish now or keep as draft."),
    },
  ),
  tool(
    "update_page",
    "Replace the title or body of an existing Confluence page. The version number must be the current version plus one.",
    {
      page_id: pageId,
      version: int("New version number."),
      "title?": str("New title."),
      body: str("New body in storage format."),
      "version_message?": str("Change note shown in page history."),
    },
  ),
  tool(
    "list_spaces",
    "List Confluence spaces with key, name, type (global or personal) and homepage id. Archived spaces are excluded unless asked for.",
    {
      "type?": oneOf(["global", "personal"], "Space type."),
      "limit?": int("Max results."),
    },
  ),
  tool(
    "get_page_children",
    "List the direct child pages of a Confluence page in tree order. Grandchildren are not included; call again on a child to go deeper.",
    { page_id: pageId, "limit?": int("Max results.") },
  ),
  tool(
    "add_label",
    "Add one or more labels to a Confluence page for grouping and search. Labels already on the page are left as they are.",
    {
      page_id: pageId,
      labels: list(str("Label, lowercase without spaces."), "Labels to add."),
    },
  ),
  tool(
    "add_comment",
    "Add a footer comment to a Confluence page, or reply to an existing comment. Inline comments anchored to text are not supported.",
    {
      page_id: pageId,
      body: str("Comment body in storage format."),
      "parent_comment_id?": str("Reply to this comment."),
    },
  ),
  tool(
    "list_attachments",
    "List the attachments of a Confluence page with file name, media type, size and download link. Use the download link with the same credentials to fetch a file.",
    {
      page_id: pageId,
      "media_type?": str("Filter by media type, e.g. `application/pdf`."),
    },
  ),
];

export const confluence = defineServer("confluence", tools, {
  direct: {
    search_pages: ["search confluence pages in the ENG space with runbook in the title"],
    create_page: ["create a confluence page 'Q3 OKRs' in space PM under the planning page"],
    update_page: ["update the confluence page 88123 body with the new on-call rota"],
    list_spaces: ["list confluence spaces"],
    add_label: ["add the label postmortem to confluence page 55310"],
    list_attachments: ["list attachments on the architecture page in confluence"],
  },
  paraphrase: {
    search_pages: [
      "where's our wiki doc on rotating database credentials",
      "find the internal wiki writeup on how we do incident reviews",
    ],
    get_page: ["read wiki doc 88123 to me"],
    create_page: ["write up the Q3 goals as a new doc in the PM wiki"],
    get_page_children: ["what sits beneath the onboarding section in our wiki"],
    add_comment: ["leave feedback at the bottom of the architecture wiki doc"],
  },
});
