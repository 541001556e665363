import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { cursorPage, FAKE_NOW, lookup, matchesQuery, notFound, paginate, refused, sequence } from "./fake-service.js";
import { choice, cursorPaging, dateTime, flag, integer, list, obj, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

interface Message {
  ts: string;
  user: string;
  text: string;
  thread_ts?: string;
  reactions: { name: string; users: string[] }[];
}

interface Channel {
  id: string;
  name: string;
  is_private: boolean;
  is_archived: boolean;
  topic: string;
  purpose: string;
  members: string[];
  messages: Message[];
}

const users = [
  { id: "U01MIRA", name: "mira", real_name: "Mira Kovač", title: "Engineering Manager", tz: "Europe/Berlin" },
  { id: "U02DEVON", name: "devon", real_name: "Devon Reyes", title: "Frontend Engineer", tz: "America/Chicago" },
  { id: "U03PRIYA", name: "priya", real_name: "Priya Natarajan", title: "SRE", tz: "Asia/Kolkata" },
].map((u) => ({ ...u, email: `${u.name}@acme.example`, is_bot: false }));

const message = (ts: string, user: string, body: string, thread_ts?: string): Message => ({
  ts,
  user,
  text: body,
  ...(thread_ts ? { thread_ts } : {}),
  reactions: [],
});

const channel = (id: string, name: string, purpose: string, messages: Message[] = []): Channel => ({
  id,
  name,
  is_private: false,
  is_archived: false,
  topic: "",
  purpose,
  members: users.map((u) => u.id),
  messages,
});

const channels: Channel[] = [
  channel("C01GENERAL", "general", "Company-wide announcements", [
    message("1748854800.000100", "U01MIRA", "Reminder: the all-hands moves to Thursday 16:00 CET."),
  ]),
  channel("C02DEPLOYS", "deploys", "Release train and rollback chatter", [
    message("1748858400.000200", "U03PRIYA", "storefront v2.14.0 is live in production :rocket:"),
    message("1748858460.000300", "U02DEVON", "Checkout error rate is flat, looks good", "1748858400.000200"),
    message("1748862000.000400", "U03PRIYA", "payments-api canary at 10%, watching p99 latency"),
  ]),
  channel("C03INCIDENT", "incidents", "Active incidents; one thread per incident", [
    message("1748865600.000500", "U03PRIYA", "SEV2: elevated 502s on checkout in eu-west-1, investigating"),
  ]),
];

const nextTs = sequence(1748869200);
const newTs = () => `${nextTs()}.000000`;

const findChannel = (ref: string) => channels.find((c) => c.id === ref || c.name === ref.replace(/^#/, ""));
const inChannel = lookup(
  "Channel",
  (input: { channel: string }) => findChannel(input.channel),
  (input) => input.channel,
);

/** How a channel is named, shared by the JSON Schema tools and the zod one (add_reaction). */
const CHANNEL_HELP =
  "Channel to act on: its id (C… for public, G… or C… for private, D… for a direct message) or its name such as " +
  "#deploys. Ids are stable across renames, so prefer the id when a previous result gave you one.";
const channelField = { channel: text(CHANNEL_HELP, { examples: ["C02DEPLOYS"] }) };
const tsPattern = "^\\d+\\.\\d+$";
const threadField = (description: string) => ({
  thread_ts: text(description, { pattern: tsPattern, examples: ["1748858400.000200"] }),
});
const unixBound = (edge: string) =>
  text(
    `Only messages ${edge} this point, as a Unix timestamp in seconds, optionally with the microsecond part of a ` +
      "message ts (1748858400.000200). Pass a message's ts to page relative to that message.",
    { pattern: "^\\d+(\\.\\d+)?$" },
  );
const teamIdField = (verb: string) =>
  text(
    `Workspace id (T…) to ${verb}. Needed only with an org-wide token on Enterprise Grid, which spans several ` +
      "workspaces; ordinary tokens belong to one workspace and ignore it.",
    { pattern: "^T[A-Z0-9]+$" },
  );
const inclusiveField = flag("Also include the messages whose ts equals oldest or latest exactly.", false);
const allMetadataField = flag(
  "Include the structured metadata (event_type and event_payload) apps attached to messages.",
  false,
);
const replyBroadcastField = flag(
  "With thread_ts, also show the reply in the channel itself, marked 'also sent to the channel'. " +
    "Use it sparingly: it notifies everyone in the channel, not just the thread's followers.",
  false,
);
const linkNamesField = flag("Turn plain @name and #channel words into real mentions and channel links.", false);
const unfurlFields = {
  unfurl_links: flag(
    "Show a preview card for links to web pages. Slack unfurls only the first few links of a message.",
    true,
  ),
  unfurl_media: flag("Show previews of images, videos and audio that the message links to.", true),
};

/** A Block Kit text object: what sections, headers and buttons display. */
const textObject = (description: string) =>
  obj(
    {
      type: choice(
        ["mrkdwn", "plain_text"],
        "mrkdwn renders *bold*, _italic_, `code`, <https://example.com|links> and <@U01MIRA> mentions; " +
          "plain_text shows the text as written. Headers and button labels take plain_text only.",
      ),
      text: text("The text itself; at most 3,000 characters in a section, 150 in a header, 75 on a button.", {
        minLength: 1,
        maxLength: 3000,
      }),
      emoji: flag("For plain_text only: turn :emoji_name: codes into emoji.", true),
    },
    ["type", "text"],
    description,
  );

const attachmentsField = list(
  obj(
    {
      color: text("Color of the bar at the left edge: good, warning, danger or a hex code such as #36a64f.", {
        examples: ["danger"],
      }),
      fallback: text("Plain-text summary shown where the attachment cannot be rendered, such as in notifications."),
      pretext: text("Text shown above the attachment block, in mrkdwn."),
      title: text("Bold title of the attachment."),
      title_link: text("URL the title links to, such as a dashboard or an incident page.", { format: "uri" }),
      text: text("Main text of the attachment, in mrkdwn."),
      fields: list(
        obj(
          {
            title: text("Field label, such as Severity."),
            value: text("Field value, such as SEV2."),
            short: flag("Short enough to sit next to another field in two columns.", false),
          },
          ["title", "value"],
        ),
        "Label-value pairs shown as a small table.",
      ),
      footer: text("Small text at the bottom, such as the name of the system that sent the alert."),
      ts: integer("Unix time shown in the footer, such as when the alert fired."),
    },
    [],
  ),
  "Legacy secondary attachments: colored blocks under the message, still common for alerts. Slack recommends " +
    "blocks for new layouts; at most 20 attachments per message.",
  { maxItems: 20 },
);

const blocksField = list(
  obj(
    {
      type: choice(
        ["section", "header", "divider", "context", "actions", "image"],
        "Block type: section is text with optional fields, header a large plain-text title, divider a rule, " +
          "context a line of small text and images, actions a row of buttons, image a picture.",
      ),
      block_id: text(
        "Identifier for the block, unique within the message, at most 255 characters. " +
          "Interactions report it, so set it when buttons need to be told apart; Slack generates one otherwise.",
        { maxLength: 255 },
      ),
      text: textObject("Main text of a section or header block."),
      fields: list(textObject("One field."), "Section only: short texts shown in two columns under the main text.", {
        maxItems: 10,
      }),
      accessory: obj(
        {
          type: choice(["button", "image"], "A button at the right of the section, or a small image there."),
          text: textObject("Button only: its label, plain_text, at most 75 characters."),
          action_id: text("Button only: identifier the app receives when the button is clicked.", { maxLength: 255 }),
          url: text("Button only: a link to open in the browser when clicked.", { format: "uri" }),
          image_url: text("Image only: public URL of the image.", { format: "uri" }),
          alt_text: text("Image only: a plain-text description of the image."),
        },
        ["type"],
        "Section only: one element shown beside the text, such as an 'Open runbook' button or a status icon.",
      ),
      elements: list(
        obj(
          {
            type: choice(
              ["mrkdwn", "plain_text", "image", "button"],
              "Element type: text or image inside a context block, button inside an actions block.",
            ),
            text: text("The element's text, or a button's label (plain text, at most 75 characters)."),
            action_id: text("Button only: identifier the app receives when the button is clicked.", { maxLength: 255 }),
            url: text("Button only: a link to open in the browser when clicked.", { format: "uri" }),
            value: text("Button only: a value sent to the app along with action_id.", { maxLength: 2000 }),
            style: choice(["primary", "danger"], "Button only: green primary or red danger; grey when omitted."),
            image_url: text("Image only: public URL of the image to show.", { format: "uri" }),
            alt_text: text("Image only: a plain-text description for screen readers."),
          },
          ["type"],
        ),
        "Context and actions blocks: their elements, in display order (at most 10 in context, 25 in actions).",
        { maxItems: 25 },
      ),
      image_url: text("Image block only: public URL of a PNG, JPEG or GIF.", { format: "uri" }),
      alt_text: text("Image block only: a plain-text summary of the image, required by Slack for image blocks."),
    },
    ["type"],
  ),
  "Block Kit layout blocks, at most 50. When given, clients render the blocks and text becomes the fallback used " +
    "in notifications and by screen readers, so keep text a faithful summary of the blocks.",
  { maxItems: 50 },
);

function post(into: Channel, body: string, thread_ts?: string) {
  const posted = message(newTs(), "U00TOOLSIFT", body, thread_ts);
  into.messages.push(posted);
  return { ok: true, channel: into.id, ts: posted.ts, message: posted };
}

/** A page of a Slack list method: the items under `key`, and the cursor of the next page. */
function slackPage(key: string, items: readonly unknown[], input: { cursor?: string; limit?: number }) {
  const { items: page, next_cursor } = cursorPage(items, input.cursor, input.limit);
  return { ok: true, [key]: page, has_more: next_cursor !== null, response_metadata: { next_cursor } };
}

const channelInfo = ({ messages, members, ...info }: Channel) => ({ ...info, num_members: members.length });

const tool = serverTools("slack");

/** Tools of a Slack MCP server, run against a small in-memory workspace. */
export const slackTools: ToolDefinition[] = [
  tool({
    name: "list_channels",
    description:
      "List the workspace's channels the bot can see, with topic, purpose and member count. " +
      "Public channels are listed whether or not the bot is a member; private channels, group messages and direct " +
      "messages appear only when the bot belongs to them and the token has the groups:read, mpim:read or im:read scope. " +
      "Paginate with response_metadata.next_cursor until it comes back empty. " +
      "This method is rate-limited to about 20 calls a minute, so page with a large limit and remember channel " +
      "ids instead of listing again. " +
      "To find a channel by name in a big workspace, a full listing is still the only way, since there is no name filter.",
    inputSchema: obj({
      types: list(
        choice(["public_channel", "private_channel", "mpim", "im"], "One conversation type."),
        "Conversation types to include: public_channel, private_channel, mpim (group direct messages) and im (direct " +
          "messages). Only public channels when omitted.",
        { uniqueItems: true, examples: [["public_channel", "private_channel"]] },
      ),
      exclude_archived: flag("Leave archived channels out; set false to find a channel that was archived.", true),
      team_id: teamIdField("list channels of"),
      ...cursorPaging(1000, 100),
    }),
    execute: (input) => {
      const visible = channels.filter((c) => !(c.is_archived && (input.exclude_archived ?? true)));
      return slackPage("channels", visible.map(channelInfo), input);
    },
  }),
  tool({
    name: "get_channel_history",
    description:
      "Fetch a channel's recent messages, newest first, optionally within a time window. " +
      "Only top-level messages are returned: a thread shows up as its parent with reply_count and latest_reply, " +
      "and get_thread_replies reads the replies themselves. " +
      "The bot must be a member of the channel, or hold channels:history for public ones; archived channels can still be read. " +
      "Page further back with next_cursor, or by passing the oldest ts you already have as latest. " +
      "Authors are user ids; resolve them with get_user_profile or a single list_users call.",
    inputSchema: obj(
      {
        ...channelField,
        oldest: unixBound("after"),
        latest: unixBound("before"),
        inclusive: inclusiveField,
        include_all_metadata: allMetadataField,
        ...cursorPaging(999, 100),
      },
      ["channel"],
    ),
    tags: ["read messages", "catch up"],
    execute: inChannel((input, found) => {
      const top = found.messages
        .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts)
        .filter(
          (m) =>
            (input.oldest === undefined || m.ts > input.oldest) && (input.latest === undefined || m.ts < input.latest),
        )
        .reverse();
      return slackPage("messages", top, input);
    }),
  }),
  tool({
    name: "get_thread_replies",
    description:
      "Fetch a message thread: the parent message followed by its replies in order. " +
      "Identify the thread by its channel and the parent message's ts; passing the ts of a reply instead returns " +
      "only that reply, which is a common mistake. " +
      "Each message carries its author's user id, text, ts and reactions, and replies also sent to the channel " +
      "are marked as such. " +
      "Long threads are paginated with next_cursor, oldest reply first. " +
      "The same membership rules as get_channel_history apply: the bot must be able to read the channel.",
    inputSchema: obj(
      {
        ...channelField,
        ...threadField(
          "ts of the thread's parent message, such as 1748858400.000200. It is the ts of the first message, " +
            "which every reply also carries in its own thread_ts.",
        ),
        oldest: unixBound("after"),
        latest: unixBound("before"),
        inclusive: inclusiveField,
        include_all_metadata: allMetadataField,
        ...cursorPaging(1000, 200),
      },
      ["channel", "thread_ts"],
    ),
    execute: inChannel((input, found) => {
      const thread = found.messages.filter((m) => m.ts === input.thread_ts || m.thread_ts === input.thread_ts);
      if (thread.length === 0) return notFound("Thread", input.thread_ts);
      return slackPage("messages", thread, input);
    }),
  }),
  tool({
    name: "post_message",
    description:
      "Post a message to a channel now, or as a thread reply when thread_ts is given. " +
      "Text uses Slack mrkdwn; when Block Kit blocks are given, clients render the blocks and text becomes the " +
      "fallback for notifications and screen readers. " +
      "Returns the channel id and the ts of the new message, which thread replies, reactions and deletes need later. " +
      "The bot must be a member of the channel (invite it first for private ones), and Slack allows about one " +
      "message per second per channel, so combine updates rather than sending bursts. " +
      "Prefer a thread reply for follow-ups, so the channel stays readable.",
    inputSchema: obj(
      {
        ...channelField,
        text: text(
          "Message text in mrkdwn: *bold*, _italic_, ~strike~, `code`, ```blocks```, <https://example.com|link text>, " +
            "<@U01MIRA> to mention a person, <#C02DEPLOYS> to link a channel, <!here> to notify active members. " +
            "Texts over 4,000 characters are split and over 40,000 truncated.",
          { minLength: 1, maxLength: 40000, examples: ["Deploy of storefront v2.15.0 starts in 10 minutes."] },
        ),
        ...threadField("Reply in the thread of this parent message instead of posting to the channel."),
        reply_broadcast: replyBroadcastField,
        blocks: blocksField,
        attachments: attachmentsField,
        ...unfurlFields,
        mrkdwn: flag("Parse mrkdwn formatting in text; set false to send the text literally.", true),
        link_names: linkNamesField,
        icon_emoji: text(
          "Emoji to use as the bot's picture for this message, such as :rocket:. Needs the chat:write.customize scope.",
          { pattern: "^:[a-z0-9_+'-]+:$" },
        ),
        username: text("Name to show as the sender for this message. Needs the chat:write.customize scope.", {
          maxLength: 80,
        }),
        metadata: obj(
          {
            event_type: text("Name of the event the message represents, such as deploy_started.", {
              pattern: "^[a-z0-9_]+$",
            }),
            event_payload: obj({}, [], "Free-form JSON describing the event, for other apps to read."),
          },
          ["event_type", "event_payload"],
          "Structured data attached to the message, invisible to people but readable with include_all_metadata.",
        ),
      },
      ["channel", "text"],
    ),
    tags: ["send message", "notify", "chat"],
    execute: inChannel((input, found) => post(found, input.text, input.thread_ts)),
  }),
  tool({
    name: "schedule_message",
    description:
      "Schedule a message to post to a channel at a future time. " +
      "The time must be in the future and at most 120 days ahead, and a channel holds at most 30 scheduled " +
      "messages for the same minute. " +
      "Returns a scheduled_message_id, which is what deleting the scheduled message before it posts needs. " +
      "Scheduled messages are invisible in the channel until they post, and they fail silently if the bot has " +
      "left the channel by then. " +
      "Formatting, blocks and threading work as in post_message.",
    inputSchema: obj(
      {
        ...channelField,
        text: text(
          "Message text in Slack mrkdwn, as for post_message; also the notification fallback when blocks are given.",
          { minLength: 1, maxLength: 40000, examples: ["Reminder: the release freeze starts at 17:00 CET."] },
        ),
        post_at: dateTime(
          "When to post, as an RFC 3339 date-time with offset such as 2025-06-03T09:00:00+02:00. It must be in the " +
            "future; Slack schedules to the minute and drops the seconds.",
          ["2025-06-03T07:00:00Z"],
        ),
        ...threadField("Post as a reply in the thread of this parent message, given by its ts."),
        reply_broadcast: replyBroadcastField,
        blocks: blocksField,
        attachments: attachmentsField,
        ...unfurlFields,
        link_names: linkNamesField,
      },
      ["channel", "text", "post_at"],
    ),
    execute: (input) => {
      const target = findChannel(input.channel);
      if (!target) return notFound("Channel", input.channel);
      if (Date.parse(input.post_at) <= Date.parse(FAKE_NOW)) return refused("post_at must be in the future.");
      return { ok: true, channel: target.id, scheduled_message_id: `Q${nextTs()}`, post_at: input.post_at };
    },
  }),
  tool({
    name: "add_reaction",
    description:
      "Add an emoji reaction to a message. " +
      "Name the emoji without colons (eyes, not :eyes:); custom workspace emoji work too, and skin tones are " +
      "written as thumbsup::skin-tone-3. " +
      "A reaction the bot already added fails with already_reacted, which is harmless and needs no retry. " +
      "Reactions are a quiet acknowledgement, such as eyes for 'looking into it' or white_check_mark for 'done': " +
      "they notify the author but not the whole channel. " +
      "The bot must be able to read the channel the message is in.",
    inputSchema: z.object({
      channel: z
        .string()
        .describe(CHANNEL_HELP)
        .meta({ examples: ["C02DEPLOYS"] }),
      timestamp: z
        .string()
        .regex(/^\d+\.\d+$/)
        .describe(
          "ts of the message to react to, such as 1748858400.000200, from a history, thread or search result. " +
            "For a thread reply use the reply's own ts, not the parent's.",
        )
        .meta({ examples: ["1748858400.000200"] }),
      name: z
        .string()
        .regex(/^[a-z0-9_+'-]+(::skin-tone-[2-6])?$/)
        .describe(
          "Emoji name without colons, lower case, such as eyes, white_check_mark or rocket. " +
            "Unknown names fail with invalid_name rather than falling back to another emoji.",
        )
        .meta({ examples: ["eyes"] }),
    }),
    execute: inChannel((input, found) => {
      const target = found.messages.find((m) => m.ts === input.timestamp);
      if (!target) return notFound("Message", input.timestamp);
      const reaction = target.reactions.find((r) => r.name === input.name);
      if (reaction) reaction.users.push("U00TOOLSIFT");
      else target.reactions.push({ name: input.name, users: ["U00TOOLSIFT"] });
      return { ok: true };
    }),
  }),
  tool({
    name: "delete_message",
    description:
      "Delete a message from a channel. " +
      "Bots can delete only the messages they posted themselves; deleting someone else's message needs a " +
      "workspace admin's user token. " +
      "Deleting a thread's parent leaves its replies in place under a 'This message was deleted' placeholder, and " +
      "files shared with the message stay in the workspace. " +
      "There is no undo, and members may already have read the message or received it as a notification. " +
      "To correct a message rather than remove it, posting a follow-up in its thread is usually kinder to readers.",
    inputSchema: obj(
      {
        ...channelField,
        ts: text("ts of the message to delete, as returned when it was posted or found in the history.", {
          pattern: tsPattern,
          examples: ["1748862000.000400"],
        }),
        as_user: flag(
          "With a user token, delete as that user rather than as the app. Ignored for bot tokens, which always act as the bot.",
        ),
      },
      ["channel", "ts"],
    ),
    destructive: true,
    execute: inChannel((input, found) => {
      const index = found.messages.findIndex((m) => m.ts === input.ts);
      if (index < 0) return notFound("Message", input.ts);
      found.messages.splice(index, 1);
      return { ok: true, channel: found.id, ts: input.ts };
    }),
  }),
  tool({
    name: "search_messages",
    description:
      "Search messages across the workspace with Slack search syntax. " +
      "Returns matching messages with channel, author, ts and permalink, by relevance or by time, with a total count. " +
      "Search covers what the token's user can see and needs a user token with search:read: bot tokens cannot search at all. " +
      "New messages take a few seconds to become searchable, so read a channel's history for the last minutes instead. " +
      "The search method is rate-limited to about 20 calls a minute, so refine the query with modifiers rather " +
      "than paging through broad results.",
    inputSchema: obj(
      {
        query: text(
          "Search terms plus optional modifiers: in:#deploys or in:@priya for a place, from:@devon for an author, " +
            "before:2025-06-01, after:2025-05-01, on:2025-06-02 or during:june for dates, has:link, has:pin, " +
            "is:thread. Quote a phrase for an exact match; -word excludes a word.",
          { minLength: 1, examples: ["checkout"] },
        ),
        sort: choice(["score", "timestamp"], "Order of the results: score by relevance, timestamp by time.", "score"),
        sort_dir: choice(["asc", "desc"], "Sort direction; with timestamp, desc puts the newest first.", "desc"),
        count: integer(
          "Results per page, 1 to 100; the answer also reports the total, so a first page of 20 shows how broad the query is.",
          { minimum: 1, maximum: 100, default: 20 },
        ),
        page: integer("Page number, starting at 1; Slack serves at most 100 pages.", {
          minimum: 1,
          maximum: 100,
          default: 1,
        }),
        highlight: flag("Wrap matched words in \\ue000 and \\ue001 markers so they can be shown highlighted.", false),
        team_id: teamIdField("search"),
      },
      ["query"],
    ),
    tags: ["find message", "history"],
    execute: (input) => {
      const words = input.query.split(/\s+/).filter((w) => !w.includes(":"));
      const matches = channels.flatMap((c) =>
        c.messages
          .filter((m) => matchesQuery(words.join(" "), m.text))
          .map((m) => ({
            channel: { id: c.id, name: c.name },
            ...m,
            permalink: `https://acme.slack.com/archives/${c.id}/p${m.ts.replace(".", "")}`,
          })),
      );
      if (input.sort === "timestamp") matches.sort((a, b) => a.ts.localeCompare(b.ts));
      const { items, total_count } = paginate(matches, input.page, input.count ?? 20);
      return { ok: true, query: input.query, messages: { matches: items, total: total_count } };
    },
  }),
  tool({
    name: "get_user_profile",
    description:
      "Get a member's profile: real name, title, email, time zone and whether it is a bot. " +
      "Look members up by user id (U… or W…), as found in message authors and mentions; use list_users to go from " +
      "a name to an id. " +
      "The email is present only when the token has the users:read.email scope. " +
      "The time zone is an IANA name such as Europe/Berlin, handy for suggesting meeting times or for knowing " +
      "whether someone is likely offline. " +
      "Deactivated members still answer, with deleted set to true.",
    inputSchema: obj(
      {
        user: text(
          "User id, such as U03PRIYA. A mention in message text looks like <@U03PRIYA>; pass only the id inside.",
          { pattern: "^[UW][A-Z0-9]+$", examples: ["U03PRIYA"] },
        ),
        include_locale: flag("Also return the member's locale, such as en-US.", false),
        include_labels: flag(
          "Include the labels of custom profile fields, not only their ids. Slower; rate-limited harder.",
          false,
        ),
      },
      ["user"],
    ),
    execute: (input) => users.find((u) => u.id === input.user) ?? notFound("User", input.user),
  }),
  tool({
    name: "list_users",
    description:
      "List the members of the workspace with their ids, names, titles and time zones. " +
      "Use it to resolve a person's name to the user id other tools take: match on real_name and display name, " +
      "which may differ. " +
      "Deactivated members, bots and guests are included and flagged (deleted, is_bot, is_restricted), so filter " +
      "them when picking someone to contact. " +
      "Rate-limited to about 20 calls a minute; on big workspaces page with a large limit and keep the result for " +
      "the rest of the task. " +
      "Emails appear only with the users:read.email scope.",
    inputSchema: obj({
      ...cursorPaging(200, 100),
      include_locale: flag("Also return each member's locale, such as en-US or ja-JP.", false),
      team_id: teamIdField("list members of"),
    }),
    execute: (input) => slackPage("members", users, input),
  }),
  tool({
    name: "create_channel",
    description:
      "Create a public or private channel, optionally with a purpose, topic and first members. " +
      "The bot becomes a member automatically, so it can post right away. " +
      "Fails with name_taken when a channel, even an archived one, already uses the name. " +
      "Private channels cannot be made public later, so choose is_private deliberately. " +
      "Needs the channels:manage scope, or groups:write for private channels, and workspaces may restrict channel " +
      "creation to some members.",
    inputSchema: obj(
      {
        name: text(
          "Name of the new channel: lower-case letters, digits, hyphens and underscores, at most 80 characters, no " +
            "spaces or periods and no leading #. Teams often prefix by purpose, such as proj-, team- or inc-.",
          { pattern: "^[a-z0-9_-]{1,80}$", examples: ["proj-dark-mode"] },
        ),
        is_private: flag(
          "Create a private channel, visible only to its members; it cannot be made public later.",
          false,
        ),
        purpose: text("What the channel is for, shown in the channel details and the channel browser.", {
          maxLength: 250,
        }),
        topic: text("Current topic, shown in the channel header; often a link to the active doc or incident.", {
          maxLength: 250,
        }),
        invite: strings(
          "User ids (U…) to invite right away, at most 1,000. Ids that cannot be invited are reported, not fatal.",
          {
            maxItems: 1000,
            uniqueItems: true,
            examples: [["U02DEVON", "U03PRIYA"]],
          },
        ),
        team_id: teamIdField("create the channel in"),
      },
      ["name"],
    ),
    execute: (input) => {
      if (findChannel(input.name)) return refused(`A channel named #${input.name} already exists.`);
      const created = channel(`C${nextTs()}`, input.name, input.purpose ?? "");
      created.is_private = input.is_private ?? false;
      created.topic = input.topic ?? "";
      created.members = ["U00TOOLSIFT", ...(input.invite ?? [])];
      channels.push(created);
      return { ok: true, channel: channelInfo(created) };
    },
  }),
  tool({
    name: "upload_file",
    description:
      "Upload a text file, such as a log excerpt or a CSV, and share it in one or more channels. " +
      "Content is sent inline as text, so this suits snippets and small files up to about 1 MB; for large or " +
      "binary files post a link with post_message instead. " +
      "Returns the file id, name and size. " +
      "Shared files count against the workspace's storage and stay searchable after the message that shared them " +
      "is deleted, so never upload secrets such as .env files. " +
      "The bot must be a member of every channel it shares the file in.",
    inputSchema: obj(
      {
        channels: strings("Channel ids to share the file in, at most 10. The bot must be a member of each.", {
          minItems: 1,
          maxItems: 10,
          examples: [["C03INCIDENT"]],
        }),
        filename: text("File name including extension; the extension decides the preview and syntax highlighting.", {
          examples: ["error-sample.log"],
        }),
        content: text(
          "The file's text content, as UTF-8. Trim logs to the relevant lines: readers scroll, and search indexes it.",
          {
            maxLength: 1000000,
          },
        ),
        title: text("Title shown above the file, such as 'Checkout 502s, 09:00-09:15 UTC'; defaults to the file name."),
        initial_comment: text("Message text in mrkdwn posted together with the file, saying why it is shared."),
        snippet_type: text(
          "Syntax highlighting for a text snippet, such as javascript, python, sql or text; guessed from the extension " +
            "when omitted.",
        ),
        alt_txt: text("Description of an image file for screen readers; ignored for text files.", { maxLength: 1000 }),
        ...threadField("Share the file as a reply in the thread of this parent message."),
      },
      ["channels", "filename", "content"],
    ),
    execute: (input) => {
      const targets = input.channels.map(findChannel);
      const missing = input.channels.find((_, i) => targets[i] === undefined);
      if (missing !== undefined) return notFound("Channel", missing);
      const id = `F${nextTs()}`;
      for (const target of targets)
        if (target) post(target, input.initial_comment ?? `Uploaded ${input.filename}`, input.thread_ts);
      return {
        ok: true,
        file: { id, name: input.filename, title: input.title ?? input.filename, size: input.content.length },
      };
    },
  }),
];
