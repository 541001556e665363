import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, refused, sequence } from "./fake-service.js";
import { choice, date, decimal, flag, integer, list, obj, orNull, type Schema, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

const STATUSES = ["To Do", "In Progress", "In Review", "Done"] as const;
type Status = (typeof STATUSES)[number];
const ISSUE_TYPES = ["Bug", "Story", "Task", "Epic", "Sub-task"] as const;
const PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;

interface JiraIssue {
  key: string;
  fields: {
    summary: string;
    description: string;
    issuetype: string;
    status: Status;
    resolution: string | null;
    priority: string;
    assignee: string | null;
    reporter: string;
    labels: string[];
    components: string[];
    due_date: string | null;
    parent: string | null;
    sprint: number | null;
    created: string;
    updated: string;
  };
  comments: {
    id: string;
    author: string;
    body: string;
    created: string;
    visibility?: { type: string; value: string };
  }[];
  worklogs: { id: string; time_spent: string; started: string; comment?: string }[];
  links: { type: string; inward_issue: string; outward_issue: string }[];
}

const projects = [
  { key: "SHOP", name: "Storefront", lead: "mira.kovac", projectTypeKey: "software" },
  { key: "PAY", name: "Payments Platform", lead: "priya.n", projectTypeKey: "software" },
  { key: "OPS", name: "Operations Desk", lead: "priya.n", projectTypeKey: "service_desk" },
];

const sprints = [
  { id: 30, board_id: 7, name: "SHOP Sprint 30", state: "closed", end_date: "2025-05-23T17:00:00Z" },
  { id: 31, board_id: 7, name: "SHOP Sprint 31", state: "active", end_date: "2025-06-06T17:00:00Z" },
  { id: 32, board_id: 7, name: "SHOP Sprint 32", state: "future", end_date: "2025-06-20T17:00:00Z" },
  { id: 12, board_id: 9, name: "PAY Sprint 12", state: "active", end_date: "2025-06-10T17:00:00Z" },
];

function jiraIssue(key: string, summary: string, type: string, status: Status, assignee: string | null): JiraIssue {
  return {
    key,
    fields: {
      summary,
      description: "",
      issuetype: type,
      status,
      resolution: status === "Done" ? "Done" : null,
      priority: "Medium",
      assignee,
      reporter: "mira.kovac",
      labels: [],
      components: [],
      due_date: null,
      parent: null,
      sprint: status === "To Do" ? null : 31,
      created: "2025-05-19T09:00:00Z",
      updated: "2025-05-30T15:20:00Z",
    },
    comments: [],
    worklogs: [],
    links: [],
  };
}

const issues: JiraIssue[] = [
  jiraIssue("SHOP-101", "Safari 17 users cannot complete checkout", "Bug", "In Progress", "devon.reyes"),
  jiraIssue("SHOP-102", "Dark mode for the storefront header", "Story", "To Do", null),
  jiraIssue("SHOP-103", "Upgrade Next.js to the current major", "Task", "In Review", "devon.reyes"),
  jiraIssue("PAY-57", "JPY amounts are sent to Stripe with two decimals", "Bug", "To Do", "priya.n"),
  jiraIssue("PAY-58", "Retry webhooks with exponential backoff", "Story", "Done", "priya.n"),
];

/** Workflow: each status may move to its neighbours, and anything may be closed as Done. */
function transitionsFrom(status: Status) {
  const at = STATUSES.indexOf(status);
  const targets = STATUSES.filter((s, i) => Math.abs(i - at) === 1 || (s === "Done" && status !== "Done"));
  return targets.map((to) => ({
    id: String(11 + STATUSES.indexOf(to) * 10),
    name: to === "Done" ? "Close" : `Move to ${to}`,
    to,
  }));
}

const nextId = sequence(10400);
const issueCounters = new Map(projects.map((p) => [p.key, 200]));

/**
 * A small JQL subset, enough for the queries agents usually write: `field = value`, `field ~ "text"`,
 * `field in (a, b)` joined by AND. Unknown fields match nothing, like a typo in real JQL would fail.
 */
function jqlFilter(jql: string): (issue: JiraIssue) => boolean {
  const clauses = jql
    .replace(/\s+order\s+by\s+.*$/i, "")
    .split(/\s+and\s+/i)
    .filter((c) => c.trim() !== "");
  const tests = clauses.map((clause) => {
    const match = /^\s*(\w+)\s*(=|~|in)\s*(.+?)\s*$/i.exec(clause);
    if (!match) return () => false;
    const [, field = "", op = "", raw = ""] = match;
    const values = raw
      .replace(/^\(|\)$/g, "")
      .split(",")
      .map((v) => v.trim().replace(/^"|"$/g, "").toLowerCase());
    return (issue: JiraIssue) => {
      if (op === "~") return matchesQuery(values[0] ?? "", issue.fields.summary, issue.fields.description);
      const actual: Record<string, readonly (string | null)[]> = {
        project: [issue.key.split("-")[0] ?? ""],
        key: [issue.key],
        status: [issue.fields.status],
        assignee: [issue.fields.assignee],
        type: [issue.fields.issuetype],
        issuetype: [issue.fields.issuetype],
        priority: [issue.fields.priority],
        labels: issue.fields.labels,
        sprint: [String(issue.fields.sprint)],
      };
      return (actual[field.toLowerCase()] ?? []).some((v) => v !== null && values.includes(v.toLowerCase()));
    };
  });
  return (issue) => tests.every((test) => test(issue));
}

const inIssue = lookup(
  "Issue",
  (input: { issue_key: string }) => issues.find((i) => i.key === input.issue_key.toUpperCase()),
  (input) => input.issue_key,
);

const issueKeyField = (
  description = "Issue key: the project key, a hyphen and the issue's number, such as SHOP-101. Keys are " +
    "case-insensitive, and an issue moved to another project is still found under its old key.",
) => ({
  issue_key: text(description, { pattern: "^[A-Z][A-Z0-9]+-\\d+$", examples: ["SHOP-101"] }),
});
const fieldsField = {
  fields: strings(
    "Fields to return, such as summary, status, assignee, priority or customfield_10016 (story points). " +
      "*all returns every field, *navigable the ones shown in issue lists; prefix a field with - to leave it out " +
      "(*all, -comment). Fewer fields make a much smaller answer.",
    { examples: [["summary", "status", "assignee"]] },
  ),
};
const fieldsByKeysField = flag(
  "Treat the names in fields as field keys (such as a custom field's key) instead of field ids.",
  false,
);
const propertiesField = strings(
  "Issue entity properties to return, by key; *all returns every property. Properties are JSON values apps store " +
    "on issues, invisible in the UI.",
);
const jiraPaging = (limit: number) => ({
  start_at: integer("Index of the first result to return, from 0; add limit to it to fetch the next page.", {
    minimum: 0,
    default: 0,
  }),
  limit: integer(
    `How many results to return, 1 to ${limit}. Jira may return fewer than asked when the answer is large, so ` +
      "compare start_at + values returned against total to know whether another page exists.",
    { minimum: 1, maximum: limit, default: 50 },
  ),
});
const jiraPage = <T>(values: readonly T[], start_at = 0, limit = 50) => ({
  start_at,
  limit,
  total: values.length,
  values: values.slice(start_at, start_at + limit),
});
const accountIdField = (description: string) => text(description, { examples: ["priya.n"] });
const notifyUsersField = flag(
  "Send the usual email and in-app notifications to watchers. Turning it off needs the Administer Jira permission " +
    "or project admin rights, and suits bulk clean-ups.",
  true,
);
const richTextField = (what: string) =>
  text(
    `${what} in plain text or Markdown; the server converts it to Atlassian Document Format, so headings, lists, ` +
      "code blocks and links survive. @mentions need the form [~accountid:…]. At most 32,767 characters.",
    { maxLength: 32767 },
  );
const VISIBILITY_HELP = {
  type: "Restrict by a user group (type group) or by a project role (type role); roles are set per project.",
  value:
    "Name of the group (such as jira-developers) or of the project role (such as Developers), as spelled on the site.",
} as const;
const visibilityField = (what: string) =>
  obj(
    {
      type: choice(["group", "role"], VISIBILITY_HELP.type),
      value: text(VISIBILITY_HELP.value, { examples: ["Developers"] }),
    },
    ["type", "value"],
    `Who may see the ${what}; omit it for everyone who can see the issue. Restricted ${what}s stay hidden from ` +
      "customers on service desk projects.",
  );
const customFieldsField = obj(
  {},
  [],
  'Custom fields by id, such as { "customfield_10020": 31 } for the sprint. Values follow the field\'s type: ' +
    'a number or string as is, a select list as { "value": "High" }, a user as { "accountId": "…" }, a ' +
    'date as YYYY-MM-DD, a multi-select as a list of { "value": … }. get_issue with expand names shows which id ' +
    "is which field on this site.",
);
const componentsField = list(
  obj({ name: text("Component name, exactly as configured in the project.", { examples: ["Checkout"] }) }, ["name"]),
  "Components the issue belongs to. They must already exist in the project; a component may set a default assignee.",
);
const versionsField = (meaning: string) =>
  list(
    obj({ name: text("Version name, such as 2.15.0, as configured in the project's releases.") }, ["name"]),
    `${meaning} Versions must already exist in the project; released and archived versions are accepted.`,
  );

/** Jira's `update` operations for a list field: each entry adds or removes one value. */
const listOperations = <S extends Schema<unknown>>(noun: string, value: S) =>
  list(
    obj({ add: value, remove: value }, [], `One operation: add or remove a single ${noun}.`),
    `${noun[0]?.toUpperCase()}${noun.slice(1)} changes, applied in order; the ${noun}s not named stay as they are.`,
  );

const pick = (issue: JiraIssue, fields?: readonly string[]) =>
  fields === undefined || fields.includes("*all")
    ? issue
    : {
        key: issue.key,
        fields: Object.fromEntries(Object.entries(issue.fields).filter(([name]) => fields.includes(name))),
      };

const tool = serverTools("jira");

/** Tools of a Jira Cloud MCP server, run against an in-memory site with three projects. */
export const jiraTools: ToolDefinition[] = [
  tool({
    name: "search_issues",
    description:
      'Search Jira issues with a JQL query, such as project = SHOP AND status = "In Progress". ' +
      "Returns the matching issues with the requested fields, paginated by start_at and limit, plus the total " +
      "count of matches. " +
      "Only issues the user may browse are returned, silently, so an empty answer can also mean missing " +
      "permission rather than no matches. " +
      "Ask for the few fields you need: whole issues with descriptions and comments are large, and fifty of them " +
      "can fill a context window. " +
      "Use get_issue for one issue whose key you already know.",
    inputSchema: obj(
      {
        jql: text(
          'JQL query. Clauses look like field = value, field in (a, b), field ~ "text" or field is EMPTY, joined by ' +
            "AND and OR, with an optional ORDER BY such as ORDER BY updated DESC. Quote values with spaces, and use " +
            "functions such as currentUser(), openSprints() or startOfWeek() for relative queries.",
          { minLength: 1, examples: ['project = SHOP AND status = "In Progress"'] },
        ),
        ...fieldsField,
        fields_by_keys: fieldsByKeysField,
        expand: list(
          choice(["renderedFields", "names", "schema", "transitions", "changelog"], "One expansion."),
          "Extra data per issue: renderedFields gives HTML, names maps field ids to display names (useful to read " +
            "custom fields), changelog the change history. Each expansion enlarges the answer considerably.",
          { uniqueItems: true },
        ),
        properties: propertiesField,
        ...jiraPaging(100),
        validate_query: choice(
          ["strict", "warn", "none"],
          "How to treat invalid JQL: strict fails the call, warn drops the bad clauses and reports them, none ignores them.",
          "strict",
        ),
      },
      ["jql"],
    ),
    tags: ["find tickets", "backlog", "query"],
    execute: (input) => {
      const { values, ...page } = jiraPage(issues.filter(jqlFilter(input.jql)), input.start_at, input.limit);
      return { ...page, issues: values.map((i) => pick(i, input.fields)) };
    },
  }),
  tool({
    name: "get_issue",
    description:
      "Get one Jira issue by key, with its fields, comments, worklogs and links. " +
      "Pass fields to trim the answer when only a few are needed, and expand for extras such as the transitions " +
      "available now or the full change history. " +
      "A missing key and an issue the user may not browse both answer not-found. " +
      "Custom fields come back by id (customfield_10016); expand names to learn what they are called on this " +
      "site, since ids differ between sites. " +
      "Descriptions and comments are returned as plain text converted from Atlassian Document Format.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        ...fieldsField,
        fields_by_keys: fieldsByKeysField,
        expand: list(
          choice(
            ["renderedFields", "names", "schema", "transitions", "operations", "editmeta", "changelog"],
            "One expansion.",
          ),
          "Extra data to include: transitions lists the workflow moves available now, editmeta which fields may be " +
            "edited, changelog every past change, renderedFields the HTML of rich-text fields.",
          { uniqueItems: true },
        ),
        properties: propertiesField,
        comment_limit: integer(
          "Return only the most recent N comments, which keeps long-running issues readable; 0 leaves comments out.",
          { minimum: 0, maximum: 100, default: 10 },
        ),
        update_history: flag(
          "Record the issue in the user's 'recently viewed' list, as opening it in a browser does.",
          false,
        ),
      },
      ["issue_key"],
    ),
    execute: inIssue((input, found) => {
      const picked = pick(found, input.fields);
      return input.expand?.includes("transitions")
        ? { ...picked, transitions: transitionsFrom(found.fields.status) }
        : picked;
    }),
  }),
  tool({
    name: "create_issue",
    description:
      "Create a Jira issue (bug, story, task, epic or sub-task) in a project. " +
      "Returns the new issue's id, key and API URL. " +
      "Sub-tasks need parent, and a story, task or bug may name an epic as parent to sit inside it. " +
      "Which fields are required or even allowed depends on the project's create screen: a field missing from " +
      "that screen fails the call with a message naming it, so drop it and retry rather than guessing. " +
      "Needs the Create Issues permission in the project; search first to avoid filing a duplicate.",
    inputSchema: obj(
      {
        project: text("Key of the project to create the issue in, such as SHOP; list_projects shows the keys.", {
          pattern: "^[A-Z][A-Z0-9]+$",
          examples: ["SHOP"],
        }),
        issue_type: choice(
          ISSUE_TYPES,
          "Issue type. Bug is for defects, Story for user-facing work, Task for anything else, Epic for a large body " +
            "of work that groups other issues, Sub-task for a step of another issue (needs parent).",
        ),
        summary: text("One-line summary shown in every list and board card. At most 255 characters, no line breaks.", {
          minLength: 1,
          maxLength: 255,
          examples: ["Search ignores the shopper's locale"],
        }),
        description: richTextField("Detailed description: for a bug, steps to reproduce, expected and actual result"),
        priority: choice(
          PRIORITIES,
          "Priority; the project's priority scheme may offer only some of these. Highest is for outages and blockers.",
          "Medium",
        ),
        labels: strings(
          "Labels, free-form words used for filtering; they may not contain spaces and are case-sensitive.",
          {
            uniqueItems: true,
            examples: [["safari", "checkout"]],
          },
        ),
        assignee: accountIdField(
          "Atlassian account id of the assignee; omit it to leave the issue unassigned or to let the project's " +
            "default assignee rule decide. The person needs the Assignable User permission.",
        ),
        reporter: accountIdField(
          "Account id of the reporter, when it is not the caller; needs the Modify Reporter permission.",
        ),
        components: componentsField,
        fix_versions: versionsField("Releases the fix or feature is planned for."),
        affected_versions: versionsField("For bugs: released versions in which the problem occurs."),
        environment: text("For bugs: browser, operating system, device or deployment where the problem shows up.", {
          examples: ["Safari 17.4 on macOS 14.5"],
        }),
        parent: text(
          "Key of the parent issue: required for a Sub-task, or an epic key to put a story, task or bug into that epic.",
          { pattern: "^[A-Z][A-Z0-9]+-\\d+$" },
        ),
        due_date: date("Due date as YYYY-MM-DD; shown on boards and used by due-date filters."),
        original_estimate: text("Time-tracking estimate in Jira duration notation, such as 3d or 4h 30m.", {
          pattern: "^(\\d+[wdhm]\\s*)+$",
        }),
        remaining_estimate: text(
          "Remaining time-tracking estimate, such as 2d; defaults to original_estimate. Only with time tracking enabled.",
          { pattern: "^(\\d+[wdhm]\\s*)+$" },
        ),
        custom_fields: customFieldsField,
        story_points: decimal(
          "Estimate in story points, for Scrum boards that use them; stored in a custom field whose id differs per site.",
          { minimum: 0, maximum: 100 },
        ),
      },
      ["project", "issue_type", "summary"],
    ),
    tags: ["open ticket", "file bug", "new story"],
    execute: (input) => {
      const project = input.project.toUpperCase();
      const counter = issueCounters.get(project);
      if (counter === undefined) return notFound("Project", input.project);
      if (input.issue_type === "Sub-task" && input.parent === undefined) return refused("A Sub-task needs parent.");
      issueCounters.set(project, counter + 1);
      const created = jiraIssue(
        `${project}-${counter + 1}`,
        input.summary,
        input.issue_type,
        "To Do",
        input.assignee ?? null,
      );
      Object.assign(created.fields, {
        description: input.description ?? "",
        priority: input.priority ?? "Medium",
        labels: input.labels ?? [],
        components: (input.components ?? []).map((c) => c.name),
        due_date: input.due_date ?? null,
        parent: input.parent ?? null,
        created: FAKE_NOW,
        updated: FAKE_NOW,
      });
      issues.push(created);
      return {
        id: String(nextId()),
        key: created.key,
        self: `https://acme.atlassian.net/rest/api/3/issue/${created.key}`,
      };
    },
  }),
  tool({
    name: "update_issue",
    description:
      "Update fields of an existing Jira issue, such as summary, priority, labels or due date. " +
      "Values in fields replace the current ones, while update adds or removes single entries of list fields " +
      "without resending the whole list. " +
      "Status cannot be set here: use transition_issue to move an issue through its workflow, and assign_issue to " +
      "change the assignee. " +
      "Only fields on the project's edit screen can be changed, and the error names any that are not. " +
      "Needs the Edit Issues permission; watchers are notified unless notify_users is turned off.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        fields: obj(
          {
            summary: text("New one-line summary, at most 255 characters.", { minLength: 1, maxLength: 255 }),
            description: richTextField("New description; it replaces the old one entirely"),
            priority: choice(PRIORITIES, "New priority, from the project's priority scheme."),
            labels: strings("Replacement set of labels; pass [] to remove them all."),
            components: componentsField,
            fix_versions: versionsField("Replacement list of planned releases."),
            environment: text("New environment text, such as browser and operating system; replaces the old one."),
            due_date: orNull(date("New due date as YYYY-MM-DD; null clears it.")),
            custom_fields: customFieldsField,
          },
          [],
          "Fields to set; fields left out keep their value. Pass {} when only update is used.",
        ),
        update: obj(
          {
            labels: listOperations("label", text("Label name, without spaces.")),
            components: listOperations(
              "component",
              obj({ name: text("Component name, as configured in the project.") }, ["name"]),
            ),
          },
          [],
          "Incremental changes to list fields, for example adding one label while keeping the others.",
        ),
        notify_users: notifyUsersField,
        return_issue: flag(
          "Answer with the updated issue instead of just the changed field names, which saves a get_issue call.",
          false,
        ),
      },
      ["issue_key", "fields"],
    ),
    execute: inIssue((input, found) => {
      Object.assign(found.fields, input.fields, { updated: FAKE_NOW });
      for (const op of input.update?.labels ?? []) {
        if (op.add !== undefined && !found.fields.labels.includes(op.add)) found.fields.labels.push(op.add);
        if (op.remove !== undefined) found.fields.labels = found.fields.labels.filter((l) => l !== op.remove);
      }
      return input.return_issue ? found : { key: found.key, updated: Object.keys(input.fields) };
    }),
  }),
  tool({
    name: "get_transitions",
    description:
      "List the workflow transitions an issue can take now, with ids and target statuses. " +
      "Call it before transition_issue: transition ids differ between workflows and projects, and only the moves " +
      "allowed from the current status for this user are listed. " +
      "The transition's name (Start Progress, Close) often differs from its target status (In Progress, Done), so " +
      "pick by the to status. " +
      "With expand transitions.fields, each transition also lists the fields its screen asks for, such as a " +
      "resolution when closing. " +
      "An empty list means the user may not transition the issue at all.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        expand: choice(
          ["transitions.fields"],
          "Also list, per transition, the fields that can or must be set with it.",
        ),
        transition_id: text(
          "Return only this transition, to check whether it is available before calling transition_issue.",
          {
            pattern: "^\\d+$",
          },
        ),
        include_unavailable_transitions: flag(
          "Also list transitions whose conditions fail for this user or issue, marked isAvailable false.",
          false,
        ),
        skip_remote_only_condition: flag(
          "Ignore workflow conditions that apps (Connect and Forge) evaluate remotely; useful when such an app is slow or down.",
          false,
        ),
      },
      ["issue_key"],
    ),
    execute: inIssue((input, found) => ({
      transitions: transitionsFrom(found.fields.status).filter(
        (t) => input.transition_id === undefined || t.id === input.transition_id,
      ),
    })),
  }),
  tool({
    name: "transition_issue",
    description:
      "Move an issue to another status by a workflow transition, such as Start Progress or Close. " +
      "The transition must be available from the current status, and get_transitions lists the ids. " +
      "Closing transitions usually set a resolution, and some screens require other fields, which fields can carry. " +
      "Returns the new status and resolution. " +
      "Needs the Transition Issues permission, and workflow validators, such as 'only the assignee may close', " +
      "may still refuse with a message.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        transition_id: text("Id of the transition, from get_transitions; not the name of the target status.", {
          pattern: "^\\d+$",
          examples: ["31"],
        }),
        resolution: choice(
          ["Done", "Won't Do", "Duplicate", "Cannot Reproduce"],
          "Resolution to set when the transition closes the issue; ignored by transitions that do not close it.",
        ),
        comment: richTextField("Comment to add along with the transition, such as why the issue was closed"),
        fields: obj(
          {
            assignee: accountIdField(
              "Account id to assign as part of the transition, as when moving an issue into review.",
            ),
            fix_versions: versionsField("Releases to record the fix in, usually set when closing."),
          },
          [],
          "Other fields the transition screen asks for; only fields on that screen are accepted.",
        ),
      },
      ["issue_key", "transition_id"],
    ),
    tags: ["change status", "close ticket", "resolve"],
    execute: inIssue((input, found) => {
      const transition = transitionsFrom(found.fields.status).find((t) => t.id === input.transition_id);
      if (!transition)
        return refused(`Transition ${input.transition_id} is not available from ${found.fields.status}.`);
      found.fields.status = transition.to;
      found.fields.resolution = transition.to === "Done" ? (input.resolution ?? "Done") : null;
      if (input.comment)
        found.comments.push({ id: String(nextId()), author: "toolsift", body: input.comment, created: FAKE_NOW });
      return { key: found.key, status: found.fields.status, resolution: found.fields.resolution };
    }),
  }),
  tool({
    name: "add_comment",
    description:
      "Add a comment to a Jira issue, optionally visible only to a group or project role. " +
      "Returns the comment id, author and creation time. " +
      "Watchers and mentioned people are notified, and on service desk projects public comments are emailed to " +
      "the customer, so restrict internal notes with visibility. " +
      "Comments are the place for discussion and status notes; changing the description instead would rewrite " +
      "history others rely on. " +
      "Needs the Add Comments permission.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        body: text(
          "Comment text in plain text or Markdown; converted to Atlassian Document Format. Mention people with " +
            "[~accountid:…]; they are notified even when they do not watch the issue.",
          { minLength: 1, maxLength: 32767, examples: ["Reproduced on Safari 17.4; fix is in review."] },
        ),
        visibility: visibilityField("comment"),
        expand: choice(
          ["renderedBody"],
          "Also return the comment rendered as HTML, to check how the formatting came out.",
        ),
      },
      ["issue_key", "body"],
    ),
    execute: inIssue((input, found) => {
      const comment = {
        id: String(nextId()),
        author: "toolsift",
        body: input.body,
        created: FAKE_NOW,
        visibility: input.visibility,
      };
      found.comments.push(comment);
      return comment;
    }),
  }),
  tool({
    name: "assign_issue",
    description:
      "Assign an issue to a user, or unassign it. " +
      "Pass the user's Atlassian account id, null to unassign, or -1 to apply the project's default assignee " +
      "rule, which is often the component lead or project lead. " +
      "The new assignee needs the Assignable User permission in the project or the call fails, and the caller " +
      "needs Assign Issues. " +
      "Display names and emails are not accepted, since several people may share a name and emails are often " +
      "hidden; take the account id from an issue or a user search. " +
      "The assignee is notified by email.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        account_id: orNull(
          accountIdField(
            "Account id of the new assignee, as found in an issue's assignee or reporter field or a user search; " +
              "-1 picks the project's default assignee; null unassigns.",
          ),
        ),
      },
      ["issue_key", "account_id"],
    ),
    execute: inIssue((input, found) => {
      const lead = projects.find((p) => found.key.startsWith(`${p.key}-`))?.lead ?? null;
      found.fields.assignee = input.account_id === "-1" ? lead : input.account_id;
      return { key: found.key, assignee: found.fields.assignee };
    }),
  }),
  tool({
    name: "log_work",
    description:
      "Log time spent on an issue as a worklog entry, such as 1h 30m or 2d. " +
      "The remaining estimate goes down by the time spent unless adjust_estimate says otherwise. " +
      "Returns the worklog id, which later edits and deletes need. " +
      "Time tracking must be enabled on the site and the user needs the Work On Issues permission. " +
      "Durations use the site's working time: by default a day is 8 hours and a week 5 days, so 1d means 8h, not 24h.",
    inputSchema: z.object({
      issue_key: z
        .string()
        .regex(/^[A-Z][A-Z0-9]+-\d+$/)
        .describe("Key of the issue the work was done on, such as SHOP-103.")
        .meta({ examples: ["SHOP-103"] }),
      time_spent: z
        .string()
        .regex(/^(\d+[wdhm]\s*)+$/)
        .describe("Time spent in Jira duration notation: w, d, h and m units, such as 3h, 45m or 1d 4h.")
        .meta({ examples: ["1h 30m"] }),
      started: z.iso
        .datetime({ offset: true })
        .optional()
        .describe("When the work started, as an RFC 3339 date-time with offset; defaults to now minus time_spent."),
      comment: z
        .string()
        .max(32767)
        .optional()
        .describe(
          "What was done, such as 'Reproduced on Safari and wrote the failing test'; shown in the worklog tab and time reports.",
        ),
      adjust_estimate: z
        .enum(["auto", "leave", "new", "manual"])
        .default("auto")
        .describe(
          "How to change the remaining estimate: auto reduces it by time_spent, leave keeps it, new sets it to " +
            "new_estimate, manual reduces it by reduce_by.",
        ),
      new_estimate: z
        .string()
        .optional()
        .describe("The new remaining estimate, such as 2d; required with adjust_estimate=new."),
      reduce_by: z
        .string()
        .optional()
        .describe("How much to take off the remaining estimate; required with adjust_estimate=manual."),
      visibility: z
        .object({
          type: z.enum(["group", "role"]).describe(VISIBILITY_HELP.type),
          value: z.string().describe(VISIBILITY_HELP.value),
        })
        .optional()
        .describe(
          "Who may see the worklog, such as only the Developers role; omit it for everyone who can see the issue.",
        ),
      notify_users: z.boolean().default(true).describe("Notify the issue's watchers about the new worklog."),
    }),
    execute: (input) => {
      const found = issues.find((i) => i.key === input.issue_key);
      if (!found) return notFound("Issue", input.issue_key);
      const worklog = {
        id: String(nextId()),
        time_spent: input.time_spent,
        started: input.started ?? FAKE_NOW,
        comment: input.comment,
      };
      found.worklogs.push(worklog);
      return { ...worklog, issue_key: found.key, adjust_estimate: input.adjust_estimate };
    },
  }),
  tool({
    name: "link_issues",
    description:
      "Link two issues with a relation such as blocks, relates to or duplicates. " +
      "The outward issue is the subject of the sentence: outward SHOP-1 blocks inward SHOP-2, outward SHOP-3 " +
      "duplicates inward SHOP-4. " +
      "Links show on both issues and can be queried in JQL, as in issue in linkedIssues(SHOP-1). " +
      "Needs the Link Issues permission in both projects, and linking the same pair twice with the same type fails. " +
      "Use parent on create_issue, not a link, to put an issue inside an epic.",
    inputSchema: obj(
      {
        type: choice(
          ["Blocks", "Relates", "Duplicate", "Cloners"],
          "Link type name: Blocks (blocks / is blocked by), Relates (relates to), Duplicate (duplicates / is " +
            "duplicated by), Cloners (clones / is cloned by). Sites may define more.",
        ),
        inward_issue: text("Key of the inward issue: the one that is blocked, duplicated or cloned.", {
          pattern: "^[A-Z][A-Z0-9]+-\\d+$",
          examples: ["SHOP-103"],
        }),
        outward_issue: text("Key of the outward issue: the one that blocks, duplicates or clones.", {
          pattern: "^[A-Z][A-Z0-9]+-\\d+$",
          examples: ["SHOP-101"],
        }),
        comment: text("Comment to add to the outward issue explaining the link, such as why one blocks the other."),
        comment_visibility: visibilityField("comment"),
      },
      ["type", "inward_issue", "outward_issue"],
    ),
    execute: (input) => {
      const [inward, outward] = [input.inward_issue, input.outward_issue].map((key) =>
        issues.find((i) => i.key === key),
      );
      if (!inward) return notFound("Issue", input.inward_issue);
      if (!outward) return notFound("Issue", input.outward_issue);
      const link = { type: input.type, inward_issue: inward.key, outward_issue: outward.key };
      inward.links.push(link);
      outward.links.push(link);
      return { created: link };
    },
  }),
  tool({
    name: "delete_issue",
    description:
      "Delete a Jira issue permanently, with its comments, worklogs and attachments. " +
      "Issues with sub-tasks are refused unless delete_subtasks is true, which deletes those too. " +
      "Most sites have no recycle bin, links from other issues disappear, and the key is never reused. " +
      "Needs the Delete Issues permission, which many projects grant to administrators only. " +
      "Closing the issue as Won't Do or Duplicate keeps its history and is usually the better choice.",
    inputSchema: obj(
      {
        ...issueKeyField(
          "Key of the issue to delete, such as SHOP-103. Double-check it: a typo deletes a different issue.",
        ),
        delete_subtasks: flag(
          "Also delete the issue's sub-tasks; without it an issue that has sub-tasks is refused.",
          false,
        ),
      },
      ["issue_key"],
    ),
    destructive: true,
    execute: inIssue((input, found) => {
      const subtasks = issues.filter((i) => i.fields.parent === found.key);
      if (subtasks.length > 0 && !input.delete_subtasks)
        return refused(`${found.key} has ${subtasks.length} sub-tasks.`);
      const doomed = new Set([found, ...subtasks]);
      issues.splice(0, issues.length, ...issues.filter((i) => !doomed.has(i)));
      return { deleted: [...doomed].map((i) => i.key) };
    }),
  }),
  tool({
    name: "list_projects",
    description:
      "List the projects visible to the user, with key, name, lead and project type. " +
      "Filter by a text query on key or name, or by type, and sort by recent activity to find the busy ones. " +
      "Project keys prefix every issue key and are what create_issue and JQL's project clause take. " +
      "Projects the user cannot browse are left out, and archived ones appear only when status asks for them. " +
      "Expand issueTypes to learn which issue types create_issue accepts in each project.",
    inputSchema: obj({
      query: text("Text matched against project key and name, ignoring case, such as shop.", { examples: ["shop"] }),
      type_key: choice(
        ["software", "service_desk", "business", "product_discovery"],
        "Only projects of this type: software (Jira Software), service_desk (Jira Service Management), business " +
          "(Jira Work Management) or product_discovery.",
      ),
      order_by: choice(
        ["key", "-key", "name", "-name", "category", "owner", "issueCount", "lastIssueUpdatedTime"],
        "Sort order; a leading - reverses it. issueCount and lastIssueUpdatedTime help find the busiest projects.",
        "key",
      ),
      status: list(
        choice(["live", "archived", "deleted"], "Project status."),
        "Statuses to include; live only when omitted. Deleted projects sit in the trash for 60 days.",
        { uniqueItems: true },
      ),
      expand: list(
        choice(["description", "lead", "issueTypes", "url", "insight"], "One expansion."),
        "Extra data per project: issueTypes lists the types create_issue accepts there, insight the issue count and " +
          "last update.",
        { uniqueItems: true },
      ),
      ...jiraPaging(50),
    }),
    execute: (input) =>
      jiraPage(
        projects
          .filter((p) => input.query === undefined || matchesQuery(input.query, p.key, p.name))
          .filter((p) => input.type_key === undefined || p.projectTypeKey === input.type_key),
        input.start_at,
        input.limit,
      ),
  }),
  tool({
    name: "list_sprints",
    description:
      "List the sprints of a Scrum board, optionally only active, future or closed ones. " +
      "Each sprint has id, name, state, start and end dates; the id is what move_issues_to_sprint and JQL's " +
      "sprint clause take. " +
      "Kanban boards have no sprints, and asking for them fails. " +
      "Sprints are listed oldest first, so on a board with a long history ask for state active or future instead " +
      "of paging through years of closed sprints. " +
      "The board id is in the board's URL.",
    inputSchema: obj(
      {
        board_id: integer(
          "Id of the Scrum board, as in the board's URL (/boards/7); a project may have several boards.",
          {
            minimum: 1,
            examples: [7],
          },
        ),
        state: list(
          choice(["future", "active", "closed"], "Sprint state."),
          "States to include, such as [active, future] for what is current and planned; all states when omitted.",
          { uniqueItems: true },
        ),
        ...jiraPaging(50),
      },
      ["board_id"],
    ),
    execute: (input) => {
      const onBoard = sprints.filter(
        (s) => s.board_id === input.board_id && (input.state ?? [s.state]).includes(s.state),
      );
      return jiraPage(onBoard, input.start_at, input.limit);
    },
  }),
  tool({
    name: "move_issues_to_sprint",
    description:
      "Move up to 50 issues into a sprint, out of the backlog or their current sprint. " +
      "Closed sprints cannot receive issues, and sub-tasks follow their parent rather than moving on their own. " +
      "Moving issues into an active sprint changes its committed scope, which the sprint report records as scope change. " +
      "Returns the keys that moved and any that were not found. " +
      "Needs the Schedule Issues permission; to send issues back to the backlog, use the board's backlog instead of a sprint.",
    inputSchema: obj(
      {
        sprint_id: integer("Id of the target sprint, from list_sprints; it must be active or future.", {
          minimum: 1,
          examples: [32],
        }),
        issues: strings("Keys of the issues to move, at most 50 per call; split larger moves into several calls.", {
          minItems: 1,
          maxItems: 50,
          uniqueItems: true,
          examples: [["SHOP-102"]],
        }),
        rank_before_issue: text(
          "Rank the moved issues just above this issue in the sprint; leave both out to rank at the bottom.",
          {
            pattern: "^[A-Z][A-Z0-9]+-\\d+$",
          },
        ),
        rank_after_issue: text("Rank the moved issues just below this issue; use either this or rank_before_issue.", {
          pattern: "^[A-Z][A-Z0-9]+-\\d+$",
        }),
      },
      ["sprint_id", "issues"],
    ),
    tags: ["plan sprint", "backlog grooming"],
    execute: (input) => {
      const sprint = sprints.find((s) => s.id === input.sprint_id);
      if (!sprint) return notFound("Sprint", input.sprint_id);
      if (sprint.state === "closed") return refused(`Sprint ${sprint.name} is closed.`);
      const moved = issues.filter((i) => input.issues.includes(i.key));
      for (const i of moved) i.fields.sprint = sprint.id;
      const keys = moved.map((i) => i.key);
      return { sprint: sprint.name, moved: keys, notFound: input.issues.filter((k) => !keys.includes(k)) };
    },
  }),
];
