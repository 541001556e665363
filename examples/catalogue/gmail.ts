import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, refused, sequence } from "./fake-service.js";
import { choice, email, flag, integer, list, obj, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

interface Mail {
  id: string;
  threadId: string;
  labelIds: string[];
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  date: string;
  body: string;
  attachments: { filename: string; mimeType: string; size: number }[];
}

const SYSTEM_LABELS = ["INBOX", "SENT", "DRAFT", "TRASH", "SPAM", "STARRED", "UNREAD", "IMPORTANT"];
const labels = [
  ...SYSTEM_LABELS.map((id) => ({ id, name: id, type: "system" })),
  { id: "Label_1", name: "Receipts", type: "user" },
  { id: "Label_2", name: "Vendors", type: "user" },
];

const ME = "mira@acme.example";

const mail = (id: string, from: string, subject: string, date: string, body: string, labelIds = ["INBOX", "UNREAD"]): Mail => ({
  id,
  threadId: `t_${id}`,
  labelIds,
  from,
  to: [ME],
  cc: [],
  subject,
  date,
  body,
  attachments: [],
});

const messages: Mail[] = [
  mail("18f2a01", "billing@cloudhost.example", "Your May invoice is ready", "2025-06-01T06:10:00Z", "Total due: EUR 1,240.00", [
    "INBOX",
    "Label_1",
  ]),
  mail("18f2a02", "ana@example.com", "Order 1001 never arrived", "2025-06-01T19:45:00Z", "I ordered two weeks ago and still nothing."),
  mail("18f2a03", "priya@acme.example", "Postmortem draft for the checkout outage", "2025-06-02T07:30:00Z", "Draft attached."),
  mail("18f2a04", "noreply@newsletter.example", "10 tips for faster builds", "2025-05-30T09:00:00Z", "Unsubscribe any time.", ["SPAM"]),
];
messages[2]?.attachments.push({ filename: "postmortem.pdf", mimeType: "application/pdf", size: 48213 });
const drafts: { id: string; message: Mail }[] = [];
const filters: { id: string; criteria: object; action: object }[] = [];
const nextId = sequence(0x18f2b00);

/**
 * A subset of Gmail search: from:, to:, subject:, label:, is:unread, is:starred, has:attachment,
 * in:anywhere; every other word must appear somewhere in the message.
 */
function gmailFilter(q: string): (m: Mail) => boolean {
  const operators: [RegExp, (m: Mail, value: string) => boolean][] = [
    [/^from:(.+)$/i, (m, v) => m.from.includes(v)],
    [/^to:(.+)$/i, (m, v) => m.to.some((a) => a.includes(v))],
    [/^subject:(.+)$/i, (m, v) => matchesQuery(v, m.subject)],
    [/^label:(.+)$/i, (m, v) => m.labelIds.some((id) => [id, labels.find((l) => l.id === id)?.name].some((n) => n?.toLowerCase() === v))],
    [/^is:(unread|starred|important)$/i, (m, v) => m.labelIds.includes(v.toUpperCase())],
    [/^has:attachment$/i, (m) => m.attachments.length > 0],
    [/^in:anywhere$/i, () => true],
  ];
  const tests = q
    .split(/\s+/)
    .filter((token) => token !== "")
    .map((token) => {
      for (const [pattern, test] of operators) {
        const match = pattern.exec(token);
        if (match) return (m: Mail) => test(m, (match[1] ?? "").toLowerCase());
      }
      return (m: Mail) => matchesQuery(token, m.from, m.subject, m.body);
    });
  return (m) => tests.every((test) => test(m));
}

const summary = ({ id, threadId, from, subject, date, body, labelIds }: Mail) => ({
  id,
  threadId,
  from,
  subject,
  date,
  snippet: body.slice(0, 100),
  labelIds,
});

const formatted = (m: Mail, format = "full") =>
  format === "minimal" ? { id: m.id, threadId: m.threadId, labelIds: m.labelIds } : format === "metadata" ? summary(m) : m;

const inMessage = lookup(
  "Message",
  (input: { messageId: string }) => messages.find((m) => m.id === input.messageId),
  (input) => input.messageId,
);

const messageIdField = (example: string) => ({ messageId: text("Id of the message, from search_emails.", { examples: [example] }) });
const formatField = {
  format: choice(["full", "metadata", "minimal"], "How much of the message to return.", "full"),
};
const labelChanges = {
  addLabelIds: strings("Label ids to add, such as STARRED or Label_1.", { examples: [["STARRED"]] }),
  removeLabelIds: strings("Label ids to remove, such as UNREAD or INBOX (to archive)."),
};

/** Fields shared by sending and drafting: recipients, subject, body, attachments, threading. */
const compose = {
  to: list(email("Recipient address."), "Recipients.", { minItems: 1, maxItems: 100, examples: [["ana@example.com"]] }),
  cc: list(email("Cc address."), "Carbon-copy recipients."),
  bcc: list(email("Bcc address."), "Blind carbon-copy recipients."),
  subject: text("Subject line.", { maxLength: 998, examples: ["Re: Order 1001 never arrived"] }),
  body: text("Message body.", { examples: ["Sorry about the delay; a replacement ships today."] }),
  mimeType: choice(["text/plain", "text/html"], "Format of the body.", "text/plain"),
  attachments: list(
    obj(
      {
        filename: text("File name shown to the recipient."),
        mimeType: text("MIME type, such as application/pdf."),
        contentBase64: text("File content, base64-encoded."),
      },
      ["filename", "mimeType", "contentBase64"],
    ),
    "Files to attach; 25 MB in total at most.",
    { maxItems: 20 },
  ),
  threadId: text("Thread to add the message to, when replying."),
  inReplyTo: text("Message-ID header of the message being answered, for correct threading."),
};
type Compose = {
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  threadId?: string;
  attachments?: { filename: string; mimeType: string; contentBase64: string }[];
};

const composed = (input: Compose, labelIds: string[]): Mail => {
  const id = nextId().toString(16);
  return {
    ...mail(id, ME, input.subject, FAKE_NOW, input.body, labelIds),
    threadId: input.threadId ?? `t_${id}`,
    to: input.to,
    cc: input.cc ?? [],
    attachments: (input.attachments ?? []).map(({ filename, mimeType, contentBase64 }) => ({
      filename,
      mimeType,
      size: Math.floor((contentBase64.length * 3) / 4),
    })),
  };
};

const tool = serverTools("gmail");

/** Tools of a Gmail MCP server, run against an in-memory mailbox. */
export const gmailTools: ToolDefinition[] = [
  tool({
    name: "search_emails",
    description:
      "Search the mailbox with Gmail search syntax, such as from:ana@example.com is:unread or has:attachment. " +
      "Returns id, thread, sender, subject, date and a snippet for each hit, newest first.",
    inputSchema: obj(
      {
        q: text("Gmail search query.", { examples: ["is:unread"] }),
        maxResults: integer("Most messages to return.", { minimum: 1, maximum: 500, default: 20 }),
        labelIds: strings("Only messages carrying all of these label ids."),
        includeSpamTrash: flag("Also search Spam and Trash.", false),
        pageToken: text("Token from nextPageToken of the previous page."),
      },
      ["q"],
    ),
    tags: ["find email", "inbox", "mail search"],
    execute: (input) => {
      const test = gmailFilter(input.q);
      const hits = messages
        .filter((m) => input.includeSpamTrash || !m.labelIds.some((l) => l === "SPAM" || l === "TRASH"))
        .filter((m) => (input.labelIds ?? []).every((l) => m.labelIds.includes(l)) && test(m))
        .sort((a, b) => b.date.localeCompare(a.date));
      return { messages: hits.slice(0, input.maxResults ?? 20).map(summary), resultSizeEstimate: hits.length };
    },
  }),
  tool({
    name: "read_email",
    description:
      "Read one email: headers, plain-text body and attachment list. " +
      "Reading does not mark it as read; remove the UNREAD label with modify_labels for that.",
    inputSchema: obj({ ...messageIdField("18f2a02"), ...formatField }, ["messageId"]),
    execute: inMessage((input, found) => formatted(found, input.format)),
  }),
  tool({
    name: "get_thread",
    description:
      "Get a whole conversation: every message of a thread, oldest first. " +
      "Use it to read the context before replying.",
    inputSchema: obj({ threadId: text("Thread id, from search_emails.", { examples: ["t_18f2a02"] }), ...formatField }, ["threadId"]),
    execute: (input) => {
      const thread = messages.filter((m) => m.threadId === input.threadId).sort((a, b) => a.date.localeCompare(b.date));
      if (thread.length === 0) return notFound("Thread", input.threadId);
      return { id: input.threadId, messages: thread.map((m) => formatted(m, input.format)) };
    },
  }),
  tool({
    name: "send_email",
    description:
      "Send an email from the user's account, optionally as a reply within an existing thread. " +
      "Sent mail cannot be recalled; create_draft lets a person review it first.",
    inputSchema: obj(compose, ["to", "subject", "body"]),
    tags: ["mail", "reply", "write email"],
    execute: (input) => {
      const sent = composed(input, ["SENT"]);
      messages.push(sent);
      return { id: sent.id, threadId: sent.threadId, labelIds: sent.labelIds };
    },
  }),
  tool({
    name: "create_draft",
    description:
      "Save an email as a draft without sending it. " +
      "The draft appears in the user's Drafts folder, where they can edit and send it.",
    inputSchema: obj(compose, ["to", "subject", "body"]),
    execute: (input) => {
      const draft = { id: `r${nextId()}`, message: composed(input, ["DRAFT"]) };
      drafts.push(draft);
      return { id: draft.id, message: { id: draft.message.id, threadId: draft.message.threadId } };
    },
  }),
  tool({
    name: "modify_labels",
    description:
      "Add or remove labels on up to 1000 messages at once. " +
      "Archive by removing INBOX, mark read by removing UNREAD, star by adding STARRED.",
    inputSchema: obj(
      {
        messageIds: strings("Ids of the messages to change.", { minItems: 1, maxItems: 1000, examples: [["18f2a01"]] }),
        ...labelChanges,
      },
      ["messageIds"],
    ),
    tags: ["archive", "mark as read", "star"],
    execute: (input) => {
      const unknownLabel = [...(input.addLabelIds ?? []), ...(input.removeLabelIds ?? [])].find((id) => !labels.some((l) => l.id === id));
      if (unknownLabel !== undefined) return notFound("Label", unknownLabel);
      const changed = messages.filter((m) => input.messageIds.includes(m.id));
      for (const m of changed) {
        m.labelIds = [...new Set([...m.labelIds, ...(input.addLabelIds ?? [])])].filter((l) => !input.removeLabelIds?.includes(l));
      }
      return { modified: changed.map((m) => ({ id: m.id, labelIds: m.labelIds })) };
    },
  }),
  tool({
    name: "list_labels",
    description:
      "List the mailbox's labels, both system labels (INBOX, SPAM, STARRED) and the user's own. " +
      "Label ids from here are what modify_labels and create_filter take.",
    inputSchema: obj({ type: choice(["system", "user", "all"], "Which labels to list.", "all") }),
    execute: (input) => ({ labels: labels.filter((l) => (input.type ?? "all") === "all" || l.type === input.type) }),
  }),
  tool({
    name: "create_label",
    description:
      "Create a user label, optionally nested (Parent/Child) and colored. " +
      "Returns the new label id; names must be unique in the mailbox.",
    inputSchema: obj(
      {
        name: text("Label name; use / to nest, as in Vendors/Cloud.", { maxLength: 225, examples: ["Customers/Escalations"] }),
        labelListVisibility: choice(["labelShow", "labelShowIfUnread", "labelHide"], "Visibility in the label list.", "labelShow"),
        messageListVisibility: choice(["show", "hide"], "Visibility on messages in the message list.", "show"),
        color: obj(
          {
            backgroundColor: text("Background as #rrggbb from Gmail's palette.", { pattern: "^#[0-9a-f]{6}$" }),
            textColor: text("Text color as #rrggbb from Gmail's palette.", { pattern: "^#[0-9a-f]{6}$" }),
          },
          ["backgroundColor", "textColor"],
          "Label color.",
        ),
      },
      ["name"],
    ),
    execute: (input) => {
      if (labels.some((l) => l.name.toLowerCase() === input.name.toLowerCase())) return refused(`Label ${input.name} already exists.`);
      const created = { id: `Label_${labels.length - SYSTEM_LABELS.length + 1}`, name: input.name, type: "user" };
      labels.push(created);
      return { ...created, color: input.color };
    },
  }),
  tool({
    name: "trash_message",
    description:
      "Move a message to the Trash, where it stays recoverable for 30 days. " +
      "Prefer this over delete_message unless the user asks for permanent deletion.",
    inputSchema: obj(messageIdField("18f2a04"), ["messageId"]),
    execute: inMessage((_input, found) => {
      found.labelIds = [...found.labelIds.filter((l) => l !== "INBOX"), "TRASH"];
      return { id: found.id, labelIds: found.labelIds };
    }),
  }),
  tool({
    name: "delete_message",
    description:
      "Permanently delete a message, skipping the Trash. " +
      "It cannot be recovered afterwards; use trash_message for a reversible delete.",
    inputSchema: obj(messageIdField("18f2a04"), ["messageId"]),
    destructive: true,
    execute: inMessage((_input, found) => {
      messages.splice(messages.indexOf(found), 1);
      return { deleted: found.id };
    }),
  }),
  tool({
    name: "create_filter",
    description:
      "Create a filter that labels, archives or forwards incoming mail matching given criteria. " +
      "The filter applies to new mail only; forwarding needs a verified forwarding address.",
    inputSchema: obj(
      {
        criteria: {
          ...obj(
            {
              from: text("Sender address or domain.", { examples: ["billing@cloudhost.example"] }),
              to: text("Recipient address."),
              subject: text("Words in the subject."),
              query: text("Any Gmail search query the message must match."),
              hasAttachment: flag("Only messages with attachments."),
              size: integer("Size threshold in bytes.", { minimum: 0 }),
              sizeComparison: choice(["larger", "smaller"], "How size compares."),
            },
            [],
            "Which incoming messages the filter matches.",
          ),
          minProperties: 1,
        },
        action: obj(
          { ...labelChanges, forward: email("Address to forward matching mail to.") },
          [],
          "What to do with matching messages.",
        ),
      },
      ["criteria", "action"],
    ),
    tags: ["rule", "auto-label", "forward"],
    execute: (input) => {
      if (Object.keys(input.criteria).length === 0) return refused("Give at least one filter criterion.");
      const created = { id: `ANe1Bm${filters.length + 1}`, criteria: input.criteria, action: input.action };
      filters.push(created);
      return created;
    },
  }),
];
