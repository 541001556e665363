import { defineServer, tool } from "./define-server.js";
import { bool, cursorParams, int, list, obj, oneOf, str } from "./schema.js";

const channel = str("Channel ID (C…) or name with `#`.");
const ts = str("Message timestamp, the `ts` value Slack returned.");

const tools = [
  tool(
    "post_message",
    "Send a message to a Slack channel or DM. Text supports mrkdwn; Block Kit blocks can be passed for rich layouts.",
    {
      channel,
      text: str("Message text; also the notification fallback when blocks are used."),
      "blocks?": list(
        obj({ type: str("Block type.") }, undefined, { additionalProperties: true }),
        "Block Kit blocks.",
      ),
      "unfurl_links?": bool("Expand link previews."),
      "as_user?": bool("Post as the authenticated user instead of the bot."),
    },
  ),
  tool(
    "reply_in_thread",
    "Reply inside an existing Slack thread, optionally also broadcasting the reply to the channel. Use post_message for top-level messages.",
    {
      channel,
      thread_ts: str("`ts` of the parent message."),
      text: str("Reply text."),
      "reply_broadcast?": bool("Also show the reply in the channel."),
    },
  ),
  tool(
    "list_channels",
    "List channels in the Slack workspace: public, private (if the bot is a member), or both. Returns id, name, topic, purpose and member count; paginate with the returned cursor.",
    {
      "types?": str("Comma-separated: public_channel, private_channel, mpim, im.", { default: "public_channel" }),
      "exclude_archived?": bool("Skip archived channels.", { default: true }),
      ...cursorParams(1000),
    },
  ),
  tool(
    "create_channel",
    "Create a new public or private Slack channel. Names must be lowercase, without spaces or periods, and at most 80 characters.",
    {
      name: str("Channel name."),
      "is_private?": bool("Create a private channel."),
      "description?": str("Channel description (purpose)."),
    },
  ),
  tool(
    "invite_to_channel",
    "Invite one or more users to a Slack channel. The bot must be a member of the channel, and guests may be refused by workspace policy.",
    {
      channel,
      users: list(str("User ID (U…)."), "Up to 1000 users.", { maxItems: 1000 }),
    },
  ),
  tool(
    "search_messages",
    "Search messages across the Slack workspace. Supports modifiers like `in:#channel`, `from:@user`, `before:2024-05-01` and `has:link`.",
    {
      query: str("Search query with optional modifiers."),
      "sort?": oneOf(["score", "timestamp"], "Sort by relevance or time."),
      "count?": int("Results per page.", { maximum: 100 }),
    },
  ),
  tool(
    "add_reaction",
    "Add an emoji reaction to a Slack message. Fails with `already_reacted` if the same emoji was added before.",
    {
      channel,
      timestamp: ts,
      name: str("Emoji name without colons, e.g. `white_check_mark`."),
    },
  ),
  tool(
    "get_channel_history",
    "Fetch recent messages from a Slack channel, newest first, optionally between two timestamps. Thread replies are not included; only their parent messages are.",
    {
      channel,
      "oldest?": str("Only messages after this ts."),
      "latest?": str("Only messages before this ts."),
      ...cursorParams(200),
    },
  ),
  tool(
    "get_user_profile",
    "Look up a Slack user's profile: display name, real name, title, email, time zone and status. Requires the users:read scope, plus users:read.email for the email field.",
    {
      user: str("User ID (U…), or an email to look up by email."),
    },
  ),
  tool(
    "set_status",
    "Set the authenticated Slack user's status text and emoji, with an optional expiry. Pass an empty text and emoji to clear it.",
    {
      status_text: str("Status text, up to 100 characters."),
      "status_emoji?": str("Emoji like `:palm_tree:`."),
      "expiration?": int("Unix time when the status clears; 0 for never."),
    },
  ),
  tool(
    "upload_file",
    "Upload a file or snippet to Slack and share it into one or more channels. Files larger than 1 GB are rejected.",
    {
      channels: list(str("Channel ID."), "Where to share the file."),
      filename: str("Name shown in Slack."),
      content: str("File content as text (use `content_base64` for binary)."),
      "content_base64?": str("Binary content, base64-encoded."),
      "initial_comment?": str("Message posted with the file."),
    },
  ),
  tool(
    "schedule_message",
    "Schedule a Slack message to be sent to a channel at a future time (up to 120 days ahead). Returns a scheduled message id that can be used to delete it before it is sent.",
    {
      channel,
      text: str("Message text."),
      post_at: int("Unix timestamp in seconds when the message should go out."),
    },
  ),
  tool(
    "pin_message",
    "Pin a message to a Slack channel so it shows in the channel details. A channel can hold at most 100 pins.",
    { channel, timestamp: ts },
  ),
];

export const slack = defineServer("slack", tools, {
  direct: {
    post_message: [
      "post a message in #deploys that the release is out",
      "ping the eng room on slack that lunch is here",
    ],
    reply_in_thread: ["reply in the slack thread about the outage with the root cause"],
    list_channels: ["list all public slack channels"],
    create_channel: ["create a private slack channel called proj-atlas"],
    search_messages: ["search slack messages from @dana in #design about the new logo"],
    set_status: ["set my slack status to 'on vacation' with a palm tree emoji until friday"],
    schedule_message: ["schedule a slack message to #standup for 9am tomorrow"],
    upload_file: ["upload the csv file to the #data channel"],
  },
  paraphrase: {
    post_message: ["tell #deploys that 4.2 is live"],
    reply_in_thread: ["answer under dana's outage announcement with the RCA, don't clutter the room"],
    create_channel: ["spin up a room for the atlas project, invite-only"],
    invite_to_channel: ["add marco and jun to #proj-atlas"],
    search_messages: ["where did someone drop the figma url for the logo redesign in chat?"],
    add_reaction: ["thumbs-up dana's last post in #design"],
    get_channel_history: ["what did people say in #incidents overnight"],
    get_user_profile: ["who is jun on our team chat, what does he do and where is he based"],
    set_status: ["show coworkers in chat that i'm out sick today"],
    pin_message: ["keep the onboarding checklist post stuck at the top of #newhires"],
  },
});
