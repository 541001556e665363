import { defineServer, tool } from "./define-server.js";
import { bool, int, list, obj, str } from "./schema.js";

const messageId = str("Gmail message ID.");
const addresses = (description: string) => list(str("Email address."), description);

const tools = [
  tool(
    "send_email",
    "Send an email from the user's Gmail account. Plain text or HTML body, with cc, bcc and attachments by Drive file ID or base64.",
    {
      to: addresses("Recipients."),
      subject: str("Subject line."),
      body: str("Message body."),
      "cc?": addresses("Cc recipients."),
      "bcc?": addresses("Bcc recipients."),
      "html?": bool("Treat body as HTML."),
      "attachments?": list(str("Base64 data URI or Drive file ID."), "Attachments."),
    },
  ),
  tool(
    "search_emails",
    "Search Gmail using Gmail search operators such as `from:`, `to:`, `subject:`, `has:attachment`, `after:2024/05/01` and `is:unread`. Returns message ids, senders, subjects and snippets.",
    {
      query: str("Gmail search query."),
      "max_results?": int("Default 20, at most 500.", { maximum: 500 }),
      "include_spam_trash?": bool("Include Spam and Trash."),
    },
  ),
  tool(
    "read_email",
    "Read a Gmail message by id: headers, plain-text and HTML body, and attachment list. Marks nothing as read; use modify_labels for that.",
    { message_id: messageId },
  ),
  tool(
    "create_draft",
    "Create a Gmail draft without sending it. The draft appears in the Drafts folder and can be edited in Gmail.",
    {
      to: addresses("Recipients."),
      subject: str("Subject line."),
      body: str("Draft body."),
      "reply_to_message_id?": str("Make the draft a reply in this message's thread."),
    },
  ),
  tool(
    "reply_to_email",
    "Reply to a Gmail message in its thread, optionally replying to all recipients. Keeps the subject and threading headers so it lands in the same conversation.",
    {
      message_id: messageId,
      body: str("Reply text."),
      "reply_all?": bool("Include everyone on the thread."),
    },
  ),
  tool(
    "modify_labels",
    "Add or remove Gmail labels on messages; removing INBOX archives, adding STARRED stars, removing UNREAD marks as read. Label IDs come from list_labels.",
    {
      message_ids: list(str("Message ID."), "Messages to modify."),
      "add_label_ids?": list(str("Label ID."), "Labels to add."),
      "remove_label_ids?": list(str("Label ID."), "Labels to remove."),
    },
  ),
  tool(
    "list_labels",
    "List all Gmail labels, system and user-created, with unread counts. Returns each label's ID, name and type.",
    {},
  ),
  tool(
    "create_label",
    "Create a Gmail label, optionally nested like `Clients/Acme`. Fails if a label with that name exists.",
    { name: str("Label name.") },
  ),
  tool(
    "trash_email",
    "Move Gmail messages to the Trash; they are deleted for good after 30 days. Use modify_labels to archive instead if the mail should be kept.",
    { message_ids: list(str("Message ID."), "Messages to trash.") },
  ),
  tool(
    "get_attachment",
    "Download an attachment from a Gmail message as base64 with its filename and MIME type. Attachment IDs come from read_email.",
    {
      message_id: messageId,
      attachment_id: str("Attachment ID from read_email."),
    },
  ),
  tool(
    "create_filter",
    "Create a Gmail filter that applies actions (label, archive, mark read, forward) to incoming mail matching criteria. Filters only apply to mail that arrives after they are created.",
    {
      criteria: obj({}, "Match on from, to, subject, query or has_attachment.", { additionalProperties: true }),
      action: obj({}, "add_label_ids, remove_label_ids, forward.", { additionalProperties: true }),
    },
  ),
];

export const gmail = defineServer("gmail", tools, {
  direct: {
    send_email: ["send an email to tom@acme.com with subject 'contract' and the signed pdf attached"],
    search_emails: ["search gmail for unread emails from my bank with attachments"],
    create_draft: ["create a gmail draft to the landlord about the broken heater"],
    reply_to_email: ["reply all to the email about the offsite saying I'm in"],
    create_label: ["create a gmail label Clients/Acme"],
    create_filter: ["create a gmail filter that labels newsletters and skips the inbox"],
    trash_email: ["trash these three emails"],
    modify_labels: ["archive everything from linkedin and mark it seen"],
  },
  paraphrase: {
    send_email: ["write to tom at acme that the signed contract is enclosed and fire it off"],
    search_emails: [
      "did the bank mail me a statement this week?",
      "find the flight confirmation airline sent me in march",
      "dig up every mail from chase with a pdf since january, my accountant needs last year's bank statements",
    ],
    read_email: ["open the newest note from my landlord and show me all of it"],
    create_draft: ["prepare a note to the landlord about the heater but don't deliver it yet"],
    reply_to_email: ["answer the offsite invite mail saying I'm in"],
    get_attachment: ["save the pdf that tom sent me in his last mail"],
    create_filter: ["auto-sort future newsletters out of my inbox"],
    list_labels: ["what folders have I set up in my google mail"],
  },
});
