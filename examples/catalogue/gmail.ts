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

const mail = (
  id: string,
  from: string,
  subject: string,
  date: string,
  body: string,
  labelIds = ["INBOX", "UNREAD"],
): Mail => ({
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
  mail(
    "18f2a01",
    "billing@cloudhost.example",
    "Your May invoice is ready",
    "2025-06-01T06:10:00Z",
    "Total due: EUR 1,240.00",
    ["INBOX", "Label_1"],
  ),
  mail(
    "18f2a02",
    "ana@example.com",
    "Order 1001 never arrived",
    "2025-06-01T19:45:00Z",
    "I ordered two weeks ago and still nothing.",
  ),
  mail(
    "18f2a03",
    "priya@acme.example",
    "Postmortem draft for the checkout outage",
    "2025-06-02T07:30:00Z",
    "Draft attached.",
  ),
  mail(
    "18f2a04",
    "noreply@newsletter.example",
    "10 tips for faster builds",
    "2025-05-30T09:00:00Z",
    "Unsubscribe any time.",
    ["SPAM"],
  ),
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
    [
      /^label:(.+)$/i,
      (m, v) =>
        m.labelIds.some((id) => [id, labels.find((l) => l.id === id)?.name].some((n) => n?.toLowerCase() === v)),
    ],
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
  format === "minimal"
    ? { id: m.id, threadId: m.threadId, labelIds: m.labelIds }
    : format === "metadata"
      ? summary(m)
      : m;

const inMessage = lookup(
  "Message",
  (input: { messageId: string }) => messages.find((m) => m.id === input.messageId),
  (input) => input.messageId,
);

const messageIdField = (example: string) => ({
  messageId: text(
    "Id of the message, as returned by search_emails or get_thread (a hexadecimal string such as 18f2a02). " +
      "It is not the Message-ID header, which looks like <…@mail.example>.",
    { pattern: "^[0-9a-f]+$", examples: [example] },
  ),
});
const formatField = {
  format: choice(
    ["full", "metadata", "minimal"],
    "How much of the message to return: full has headers, decoded body and attachment list; metadata only the " +
      "headers and a snippet (much smaller, enough to triage); minimal only ids and labels.",
    "full",
  ),
  bodyFormat: choice(
    ["text", "html", "both"],
    "Which body to return with format full: text gives the plain-text part (HTML-only messages are converted), " +
      "html the HTML part as sent, both returns the two. Text is far smaller and enough for reading and replying.",
    "text",
  ),
  metadataHeaders: strings(
    "With format metadata, the headers to include, such as From, To, Subject, Date and List-Unsubscribe. " +
      "Every header when omitted.",
    { examples: [["From", "Subject", "Date"]] },
  ),
};
const labelIdsHelp = (verb: string) =>
  `Label ids to ${verb}: system ids are upper case (INBOX, UNREAD, STARRED, IMPORTANT, SPAM, TRASH), user labels ` +
  "look like Label_12 and come from list_labels. Label names are not accepted.";
const labelChanges = {
  addLabelIds: strings(labelIdsHelp("add; adding STARRED stars a message, adding a user label files it"), {
    uniqueItems: true,
    examples: [["STARRED"]],
  }),
  removeLabelIds: strings(labelIdsHelp("remove; removing INBOX archives and removing UNREAD marks as read"), {
    uniqueItems: true,
  }),
};
const addresses = (role: string) =>
  list(email(`${role} address.`), `${role} recipients; they see the message, and each other unless they are Bcc.`, {
    maxItems: 100,
  });

/** Fields shared by sending and drafting: recipients, subject, body, attachments, threading. */
const compose = {
  to: list(
    email("Recipient address, such as ana@example.com; display names are not needed."),
    "Recipients, each addressed directly; to, cc and bcc together may name at most 100 addresses.",
    {
      minItems: 1,
      maxItems: 100,
      examples: [["ana@example.com"]],
    },
  ),
  cc: addresses("Carbon-copy"),
  bcc: list(email("Bcc address."), "Blind carbon-copy recipients, hidden from everyone else.", { maxItems: 100 }),
  replyTo: list(email("Reply-To address."), "Where replies should go when not to the sender, such as a team inbox."),
  from: email(
    "Send-as address to send from, when the user has configured aliases (Settings > Accounts). " +
      "Defaults to the account's own address; an unverified alias fails.",
  ),
  subject: text(
    "Subject line. For a reply keep the original subject with a 'Re: ' prefix, or Gmail may not thread it.",
    { maxLength: 998, examples: ["Re: Order 1001 never arrived"] },
  ),
  body: text(
    "Message body, as plain text or HTML according to mimeType. Write the complete message: signatures are not " +
      "added automatically through the API.",
    { examples: ["Sorry about the delay; a replacement ships today."] },
  ),
  mimeType: choice(
    ["text/plain", "text/html"],
    "Format of the body. With text/html a plain-text alternative is generated for clients that need one.",
    "text/plain",
  ),
  attachments: list(
    obj(
      {
        filename: text("File name shown to the recipient, with extension.", { examples: ["invoice-1001.pdf"] }),
        mimeType: text("MIME type, such as application/pdf, image/png or text/csv.", { examples: ["application/pdf"] }),
        contentBase64: text("File content, base64-encoded (standard alphabet, padding allowed)."),
        contentId: text(
          "Content-ID to reference an inline image from HTML as cid:…; leave out for ordinary attachments.",
        ),
      },
      ["filename", "mimeType", "contentBase64"],
    ),
    "Files to attach. The whole message, attachments included, may be at most 25 MB after base64 encoding, which " +
      "adds a third; executables and some archive types are blocked by Gmail.",
    { maxItems: 20 },
  ),
  threadId: text(
    "Thread to add the message to, when replying. The subject must match the thread's and inReplyTo should be set, " +
      "or Gmail starts a new conversation for the recipient.",
  ),
  inReplyTo: text(
    "Message-ID header of the message being answered, such as <CAF1x@mail.example>, so mail clients thread the reply.",
  ),
  references: text(
    "References header: the Message-IDs of the thread so far, separated by spaces; usually ends with inReplyTo.",
  ),
  signature: flag(
    "Append the Gmail signature configured for the from address, as the Gmail web client does. Off by default " +
      "because the API never adds it on its own.",
    false,
  ),
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
      "Search the mailbox with Gmail search syntax, such as from:ana@example.com is:unread. " +
      "Returns id, thread id, sender, subject, date, labels and a short snippet for each hit, newest first, with " +
      "an estimate of the total. " +
      "Bodies are not included: read_email or get_thread fetch them for the hits that matter. " +
      "Spam and Trash are left out unless includeSpamTrash is set or the query says in:anywhere. " +
      "Each call costs API quota, so page with pageToken and sharpen the query with operators instead of " +
      "repeating broad searches.",
    inputSchema: obj(
      {
        q: text(
          "Gmail search query, as typed in the search box: from:, to:, cc:, subject:, label:, has:attachment, " +
            "filename:pdf, is:unread, is:starred, in:inbox, in:anywhere, category:promotions, larger:5M, " +
            "after:2025/05/01, before:2025/06/01, newer_than:2d, older_than:1y. Combine with spaces (AND), OR and " +
            "-word to exclude; quote exact phrases.",
          { minLength: 1, examples: ["is:unread"] },
        ),
        maxResults: integer("Most messages per page, 1 to 500; keep it small when only the latest few matter.", {
          minimum: 1,
          maximum: 500,
          default: 20,
        }),
        labelIds: strings(
          "Only messages carrying all of these label ids, in addition to q, such as [INBOX, UNREAD]; " +
            "label:name in q does the same by name.",
          { uniqueItems: true },
        ),
        includeSpamTrash: flag("Also search Spam and Trash; in:anywhere in q does the same.", false),
        pageToken: text(
          "Token from nextPageToken of the previous page; keep q unchanged while paging. No nextPageToken means the last page.",
        ),
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
      "Read one email: headers, decoded body and attachment list. " +
      "The body comes as plain text by default, with HTML-only messages converted; attachments are listed with " +
      "name, type and size but their content is not included. " +
      "Reading does not mark the message as read: remove the UNREAD label with modify_labels when the user wants that. " +
      "Use get_thread instead when the earlier messages of the conversation matter, as they usually do before replying. " +
      "format metadata is the cheap way to triage many messages by their headers.",
    inputSchema: obj({ ...messageIdField("18f2a02"), ...formatField }, ["messageId"]),
    execute: inMessage((input, found) => formatted(found, input.format)),
  }),
  tool({
    name: "get_thread",
    description:
      "Get a whole conversation: every message of a thread, oldest first. " +
      "Use it to read the context before replying, and take threadId, the subject and the last message's " +
      "Message-ID header from it for send_email, so the reply lands in the same conversation. " +
      "Long threads are large; format metadata gives just who wrote when. " +
      "Messages the user trashed stay in the thread with the TRASH label, and drafts in the thread carry DRAFT. " +
      "The thread id is not the same as any one message's id.",
    inputSchema: obj(
      {
        threadId: text("Thread id, from search_emails or a message's threadId; message ids are not accepted here.", {
          examples: ["t_18f2a02"],
        }),
        ...formatField,
      },
      ["threadId"],
    ),
    execute: (input) => {
      const thread = messages.filter((m) => m.threadId === input.threadId).sort((a, b) => a.date.localeCompare(b.date));
      if (thread.length === 0) return notFound("Thread", input.threadId);
      return { id: input.threadId, messages: thread.map((m) => formatted(m, input.format)) };
    },
  }),
  tool({
    name: "send_email",
    description:
      "Send an email from the user's account, optionally as a reply in an existing thread. " +
      "Sent mail cannot be recalled, so confirm recipients and wording with the user first, or use create_draft " +
      "to let them review it. " +
      "Returns the sent message's id and thread id. " +
      "Consumer accounts may send about 500 messages a day and Workspace accounts 2,000, counting every " +
      "recipient, and bulk or unsolicited mail can get the account suspended. " +
      "For a reply, set threadId, inReplyTo and references and keep the subject, or the recipient sees a new conversation.",
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
      "The draft appears in the user's Drafts folder, where they can edit and send it; this is the safe choice " +
      "whenever the user has not explicitly asked to send. " +
      "Returns the draft id and its message id. " +
      "Replies drafted with threadId show up inside the conversation in Gmail. " +
      "Drafts do not count against sending limits until they are sent.",
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
      "Add or remove labels on up to 1,000 messages at once. " +
      "Labels are how Gmail files mail: archive by removing INBOX, mark read by removing UNREAD, star by adding " +
      "STARRED, and file by adding a user label. " +
      "Returns each message's labels after the change. " +
      "An unknown label id fails the whole call, so create a missing label first with create_label and use the id it returns. " +
      "Changes apply to single messages, not whole threads, so include every message id of a thread to move the conversation.",
    inputSchema: obj(
      {
        messageIds: strings(
          "Ids of the messages to change, at most 1,000, as returned by search_emails or get_thread.",
          {
            minItems: 1,
            maxItems: 1000,
            uniqueItems: true,
            examples: [["18f2a01"]],
          },
        ),
        threadIds: strings(
          "Thread ids whose messages should all change as well, so a whole conversation is archived or filed in one " +
            "step. Only messages already in the thread change; later replies arrive with their usual labels.",
          { maxItems: 100, uniqueItems: true },
        ),
        ...labelChanges,
      },
      ["messageIds"],
    ),
    tags: ["archive", "mark as read", "star"],
    execute: (input) => {
      const unknownLabel = [...(input.addLabelIds ?? []), ...(input.removeLabelIds ?? [])].find(
        (id) => !labels.some((l) => l.id === id),
      );
      if (unknownLabel !== undefined) return notFound("Label", unknownLabel);
      const changed = messages.filter((m) => input.messageIds.includes(m.id) || input.threadIds?.includes(m.threadId));
      for (const m of changed) {
        m.labelIds = [...new Set([...m.labelIds, ...(input.addLabelIds ?? [])])].filter(
          (l) => !input.removeLabelIds?.includes(l),
        );
      }
      return { modified: changed.map((m) => ({ id: m.id, labelIds: m.labelIds })) };
    },
  }),
  tool({
    name: "list_labels",
    description:
      "List the mailbox's labels: system labels (INBOX, SPAM, STARRED) and the user's own. " +
      "Label ids from here are what modify_labels, search_emails and create_filter take; names are for people, " +
      "ids for the API. " +
      "User labels can be nested with a slash, as in Vendors/Cloud, and each level is a label of its own. " +
      "With includeCounts each label also reports its total and unread message and thread counts, which answers " +
      "'how much unread mail do I have?' without a search. " +
      "Category tabs such as CATEGORY_PROMOTIONS are system labels too.",
    inputSchema: obj({
      type: choice(["system", "user", "all"], "Which labels to list: system labels, the user's own, or both.", "all"),
      includeCounts: flag(
        "Also return messagesTotal, messagesUnread, threadsTotal and threadsUnread per label; slower on big mailboxes.",
        false,
      ),
    }),
    execute: (input) => ({ labels: labels.filter((l) => (input.type ?? "all") === "all" || l.type === input.type) }),
  }),
  tool({
    name: "create_label",
    description:
      "Create a user label, optionally nested (Parent/Child) and colored. " +
      "Returns the new label with its id, which modify_labels and create_filter take. " +
      "Names must be unique in the mailbox, ignoring case, and cannot reuse a system label's name such as INBOX. " +
      "A nested name does not create its parent: create Vendors before Vendors/Cloud, or the label shows up unnested. " +
      "A mailbox holds at most 10,000 labels.",
    inputSchema: obj(
      {
        name: text("Label name; use / to nest, as in Customers/Escalations. At most 225 characters.", {
          minLength: 1,
          maxLength: 225,
          examples: ["Customers/Escalations"],
        }),
        labelListVisibility: choice(
          ["labelShow", "labelShowIfUnread", "labelHide"],
          "Visibility in the sidebar label list: always, only while it has unread mail, or hidden.",
          "labelShow",
        ),
        messageListVisibility: choice(
          ["show", "hide"],
          "Whether the label's chip shows on messages in the message list.",
          "show",
        ),
        color: obj(
          {
            backgroundColor: text("Background as #rrggbb, one of Gmail's palette colors such as #fb4c2f.", {
              pattern: "^#[0-9a-f]{6}$",
            }),
            textColor: text("Text color as #rrggbb from the same palette, such as #ffffff.", {
              pattern: "^#[0-9a-f]{6}$",
            }),
          },
          ["backgroundColor", "textColor"],
          "Label color. Colors outside Gmail's fixed palette are rejected.",
        ),
      },
      ["name"],
    ),
    execute: (input) => {
      if (labels.some((l) => l.name.toLowerCase() === input.name.toLowerCase()))
        return refused(`Label ${input.name} already exists.`);
      const created = { id: `Label_${labels.length - SYSTEM_LABELS.length + 1}`, name: input.name, type: "user" };
      labels.push(created);
      return { ...created, color: input.color };
    },
  }),
  tool({
    name: "trash_message",
    description:
      "Move a message to the Trash, where it stays recoverable for 30 days. " +
      "The message leaves the inbox and ordinary searches, but its thread keeps it with the TRASH label, and it " +
      "is deleted for good after 30 days. " +
      "Prefer this over delete_message unless the user explicitly asks for permanent deletion. " +
      "To restore it, remove the TRASH label with modify_labels and add INBOX back. " +
      "Returns the message's labels after the move.",
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
      "It cannot be recovered afterwards, neither by the user nor by an administrator's restore. " +
      "It needs the full https://mail.google.com/ scope, which many installations do not grant, in which case the " +
      "call fails with insufficient permissions. " +
      "Use trash_message for a reversible delete. " +
      "Deleting one message leaves the rest of its thread in place.",
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
      "The filter applies only to mail arriving from now on: run search_emails and modify_labels for the mail already there. " +
      "Forwarding needs an address the user has verified in Gmail settings, and a mailbox holds at most 1,000 filters. " +
      "Filters cannot be edited, only deleted and created again, so check the criteria with search_emails first: " +
      "the same query should find the mail you mean. " +
      "Returns the new filter with its id.",
    inputSchema: obj(
      {
        criteria: {
          ...obj(
            {
              from: text("Sender address, or just the domain to match everyone there.", {
                examples: ["billing@cloudhost.example"],
              }),
              to: text("Recipient address, which also matches Cc; useful for mailing-list addresses."),
              subject: text("Words that must appear in the subject; quote a phrase for an exact match."),
              query: text("Any Gmail search query the message must match, as in search_emails."),
              negatedQuery: text("A Gmail search query the message must not match."),
              hasAttachment: flag("Only messages with attachments, such as invoices sent as PDF."),
              excludeChats: flag("Leave chat messages out; matters only for accounts that still keep chats in Gmail."),
              size: integer("Size threshold in bytes, compared with sizeComparison.", { minimum: 0 }),
              sizeComparison: choice(
                ["larger", "smaller"],
                "Whether matching messages are larger or smaller than size.",
              ),
            },
            [],
            "Which incoming messages the filter matches; every given criterion must hold.",
          ),
          minProperties: 1,
        },
        action: obj(
          {
            ...labelChanges,
            forward: email("Verified forwarding address to send a copy of matching mail to."),
          },
          [],
          "What to do with matching messages. Removing INBOX skips the inbox (archives); adding TRASH deletes.",
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
