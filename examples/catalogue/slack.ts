import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { cursorPage, FAKE_NOW, lookup, matchesQuery, notFound, paginate, refused, sequence } from "./fake-service.js";
import { choice, cursorPaging, flag, integer, list, obj, strings, text } from "./schema-parts.js";
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
const inChannel = lookup("Channel", (input: { channel: string }) => findChannel(input.channel), (input) => input.channel);

const channelField = {
  channel: text("Channel id (C…) or name such as #deploys.", { examples: ["C02DEPLOYS"] }),
};
const threadField = (description: string) => ({
  thread_ts: text(description, { pattern: "^\\d+\\.\\d+$", examples: ["1748858400.000200"] }),
});

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
      "List the channels in the workspace that the bot can see, with topic, purpose and member count. " +
      "Paginate with the returned next_cursor; archived channels are skipped unless asked for.",
    inputSchema: obj({
      types: list(choice(["public_channel", "private_channel", "mpim", "im"], "Conversation type."), "Types to include.", {
        uniqueItems: true,
      }),
      exclude_archived: flag("Leave archived channels out.", true),
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
      "Fetch the most recent messages of a channel, newest first, optionally within a time window. " +
      "Thread replies are not included; use get_thread_replies for a thread.",
    inputSchema: obj(
      {
        ...channelField,
        oldest: text("Only messages after this Unix timestamp (seconds, as a string)."),
        latest: text("Only messages before this Unix timestamp (seconds, as a string)."),
        inclusive: flag("Include messages exactly at oldest or latest.", false),
        ...cursorPaging(999, 100),
      },
      ["channel"],
    ),
    tags: ["read messages", "catch up"],
    execute: inChannel((input, found) => {
      const top = found.messages
        .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts)
        .filter((m) => (input.oldest === undefined || m.ts > input.oldest) && (input.latest === undefined || m.ts < input.latest))
        .reverse();
      return slackPage("messages", top, input);
    }),
  }),
  tool({
    name: "get_thread_replies",
    description:
      "Fetch a message thread: the parent message followed by its replies in order. " +
      "Identify the thread by the channel and the parent message's ts.",
    inputSchema: obj(
      { ...channelField, ...threadField("ts of the thread's parent message."), ...cursorPaging(1000, 200) },
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
      "Send a message to a channel, or as a reply in a thread when thread_ts is given. " +
      "Text supports Slack mrkdwn; Block Kit blocks, when given, replace the text in clients that render them.",
    inputSchema: obj(
      {
        ...channelField,
        text: text("Message text in mrkdwn; also the notification fallback when blocks are used.", {
          maxLength: 40000,
          examples: ["Deploy of storefront v2.15.0 starts in 10 minutes."],
        }),
        ...threadField("Reply in this thread instead of the channel."),
        reply_broadcast: flag("With thread_ts, also show the reply in the channel.", false),
        blocks: list(
          obj(
            {
              type: choice(["section", "header", "divider", "context"], "Block type."),
              text: obj(
                { type: choice(["mrkdwn", "plain_text"], "Text format."), text: text("The text.") },
                ["type", "text"],
              ),
              block_id: text("Identifier for the block, unique in the message."),
            },
            ["type"],
          ),
          "Block Kit layout blocks.",
          { maxItems: 50 },
        ),
        unfurl_links: flag("Show previews of linked pages.", true),
      },
      ["channel", "text"],
    ),
    tags: ["send message", "notify", "chat"],
    execute: inChannel((input, found) => post(found, input.text, input.thread_ts)),
  }),
  tool({
    name: "schedule_message",
    description:
      "Schedule a message to be posted to a channel at a future time. " +
      "Returns a scheduled_message_id that can cancel it; the time must be within 120 days.",
    inputSchema: z.object({
      channel: z.string().describe("Channel id (C…) or name such as #deploys.").meta({ examples: ["C01GENERAL"] }),
      text: z.string().min(1).max(40000).describe("Message text in mrkdwn."),
      post_at: z.iso.datetime({ offset: true }).describe("When to post, as an RFC 3339 date-time in the future."),
      thread_ts: z.string().regex(/^\d+\.\d+$/).optional().describe("Post as a reply in this thread."),
      reply_broadcast: z.boolean().default(false).describe("With thread_ts, also show the reply in the channel."),
    }),
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
      "Name the emoji without colons (thumbsup, not :thumbsup:); custom workspace emoji work too.",
    inputSchema: obj(
      {
        ...channelField,
        timestamp: text("ts of the message to react to.", { examples: ["1748858400.000200"] }),
        name: text("Emoji name without colons.", { pattern: "^[a-z0-9_+'-]+$", examples: ["eyes"] }),
      },
      ["channel", "timestamp", "name"],
    ),
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
      "Bots can delete only their own messages; deleting a thread parent leaves its replies orphaned.",
    inputSchema: obj(
      { ...channelField, ts: text("ts of the message to delete.", { examples: ["1748862000.000400"] }) },
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
      "Search messages across the workspace with Slack search syntax such as in:#deploys or from:@priya. " +
      "Returns matches with channel, author and permalink, by relevance or by time.",
    inputSchema: obj(
      {
        query: text("Search query, with optional in:, from:, before: and after: modifiers.", { examples: ["checkout"] }),
        sort: choice(["score", "timestamp"], "Order of the results.", "score"),
        sort_dir: choice(["asc", "desc"], "Sort direction.", "desc"),
        count: integer("Results per page.", { minimum: 1, maximum: 100, default: 20 }),
        page: integer("Page number, starting at 1.", { minimum: 1, default: 1 }),
        highlight: flag("Wrap matched words in highlight markers.", false),
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
      "Look members up by user id (U…), as found in message authors.",
    inputSchema: obj({ user: text("User id.", { pattern: "^[UW][A-Z0-9]+$", examples: ["U03PRIYA"] }) }, ["user"]),
    execute: (input) => users.find((u) => u.id === input.user) ?? notFound("User", input.user),
  }),
  tool({
    name: "list_users",
    description:
      "List the members of the workspace with their ids, names and titles. " +
      "Use it to resolve a person's name to the user id other tools take.",
    inputSchema: obj({ ...cursorPaging(200, 100), include_locale: flag("Also return each member's locale.", false) }),
    execute: (input) => slackPage("members", users, input),
  }),
  tool({
    name: "create_channel",
    description:
      "Create a public or private channel and optionally invite members to it. " +
      "Channel names are lower case, without spaces or periods, and at most 80 characters.",
    inputSchema: obj(
      {
        name: text("Name of the new channel.", { pattern: "^[a-z0-9_-]{1,80}$", examples: ["proj-dark-mode"] }),
        is_private: flag("Create a private channel.", false),
        purpose: text("What the channel is for, shown in the channel details.", { maxLength: 250 }),
        invite: strings("User ids to invite right away.", { maxItems: 1000, uniqueItems: true }),
      },
      ["name"],
    ),
    execute: (input) => {
      if (findChannel(input.name)) return refused(`A channel named #${input.name} already exists.`);
      const created = channel(`C${nextTs()}`, input.name, input.purpose ?? "");
      created.is_private = input.is_private ?? false;
      created.members = ["U00TOOLSIFT", ...(input.invite ?? [])];
      channels.push(created);
      return { ok: true, channel: channelInfo(created) };
    },
  }),
  tool({
    name: "upload_file",
    description:
      "Upload a text file, such as a log excerpt or a CSV, and share it in one or more channels. " +
      "Content is sent inline; for large binaries use a link in post_message instead.",
    inputSchema: obj(
      {
        channels: strings("Channel ids to share the file in.", { minItems: 1, maxItems: 10, examples: [["C03INCIDENT"]] }),
        filename: text("File name including extension.", { examples: ["error-sample.log"] }),
        content: text("The file's text content.", { maxLength: 1000000 }),
        title: text("Title shown above the file."),
        initial_comment: text("Message posted with the file."),
        ...threadField("Share the file as a reply in this thread."),
      },
      ["channels", "filename", "content"],
    ),
    execute: (input) => {
      const targets = input.channels.map(findChannel);
      const missing = input.channels.find((_, i) => targets[i] === undefined);
      if (missing !== undefined) return notFound("Channel", missing);
      const id = `F${nextTs()}`;
      for (const target of targets) if (target) post(target, input.initial_comment ?? `Uploaded ${input.filename}`, input.thread_ts);
      return { ok: true, file: { id, name: input.filename, title: input.title ?? input.filename, size: input.content.length } };
    },
  }),
];
