import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, refused, sequence } from "./fake-service.js";
import { choice, date, decimal, flag, integer, list, obj, orNull, strings, text } from "./schema-parts.js";
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
  comments: { id: string; author: string; body: string; created: string; visibility?: { type: string; value: string } }[];
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
  return targets.map((to) => ({ id: String(11 + STATUSES.indexOf(to) * 10), name: to === "Done" ? "Close" : `Move to ${to}`, to }));
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
    const values = raw.replace(/^\(|\)$/g, "").split(",").map((v) => v.trim().replace(/^"|"$/g, "").toLowerCase());
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

const issueKeyField = (description = "Issue key, such as SHOP-101.") => ({
  issue_key: text(description, { pattern: "^[A-Z][A-Z0-9]+-\\d+$", examples: ["SHOP-101"] }),
});
const fieldsField = {
  fields: strings("Fields to return, such as summary,status,assignee; *all returns everything.", {
    examples: [["summary", "status", "assignee"]],
  }),
};
const jiraPaging = (limit: number) => ({
  start_at: integer("Index of the first result to return, from 0.", { minimum: 0, default: 0 }),
  limit: integer(`How many results to return (max ${limit}).`, { minimum: 1, maximum: limit, default: 50 }),
});
const jiraPage = <T>(values: readonly T[], start_at = 0, limit = 50) => ({
  start_at,
  limit,
  total: values.length,
  values: values.slice(start_at, start_at + limit),
});

const pick = (issue: JiraIssue, fields?: readonly string[]) =>
  fields === undefined || fields.includes("*all")
    ? issue
    : { key: issue.key, fields: Object.fromEntries(Object.entries(issue.fields).filter(([name]) => fields.includes(name))) };

const tool = serverTools("jira");

/** Tools of a Jira Cloud MCP server, run against an in-memory site with three projects. */
export const jiraTools: ToolDefinition[] = [
  tool({
    name: "search_issues",
    description:
      "Search Jira issues with JQL, for example project = SHOP AND status = \"In Progress\". " +
      "Returns matching issues with the requested fields, paginated by start_at and limit.",
    inputSchema: obj(
      {
        jql: text("JQL query.", { examples: ["project = SHOP AND status = \"In Progress\""] }),
        ...fieldsField,
        ...jiraPaging(100),
        validate_query: choice(["strict", "warn", "none"], "How to treat invalid JQL.", "strict"),
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
      "Get one Jira issue by key, with its fields, comments and links. " +
      "Pass fields to trim the response when only a few are needed.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        ...fieldsField,
        expand: list(choice(["renderedFields", "changelog", "transitions", "names"], "Expansion."), "Extra data to include."),
      },
      ["issue_key"],
    ),
    execute: inIssue((input, found) => {
      const picked = pick(found, input.fields);
      return input.expand?.includes("transitions") ? { ...picked, transitions: transitionsFrom(found.fields.status) } : picked;
    }),
  }),
  tool({
    name: "create_issue",
    description:
      "Create a Jira issue (bug, story, task, epic or sub-task) in a project. " +
      "Returns the new issue key; sub-tasks need parent, and the description takes plain text or wiki markup.",
    inputSchema: obj(
      {
        project: text("Key of the project to create the issue in.", { examples: ["SHOP"] }),
        issue_type: choice(ISSUE_TYPES, "Issue type."),
        summary: text("One-line summary.", { maxLength: 255, examples: ["Search ignores the shopper's locale"] }),
        description: text("Detailed description."),
        priority: choice(PRIORITIES, "Priority.", "Medium"),
        labels: strings("Labels; they may not contain spaces.", { uniqueItems: true }),
        assignee: text("Account id of the assignee; omit to leave unassigned."),
        components: list(obj({ name: text("Component name.") }, ["name"]), "Components the issue belongs to."),
        parent: text("Parent issue key; required for sub-tasks, optional epic for other types."),
        due_date: date("Due date."),
        story_points: decimal("Estimate in story points.", { minimum: 0, maximum: 100 }),
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
      const created = jiraIssue(`${project}-${counter + 1}`, input.summary, input.issue_type, "To Do", input.assignee ?? null);
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
      return { id: String(nextId()), key: created.key, self: `https://acme.atlassian.net/rest/api/3/issue/${created.key}` };
    },
  }),
  tool({
    name: "update_issue",
    description:
      "Update fields of an existing Jira issue, such as summary, description, priority, labels or due date. " +
      "Status cannot be set here: use transition_issue to move an issue through its workflow.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        fields: obj(
          {
            summary: text("New summary."),
            description: text("New description."),
            priority: choice(PRIORITIES, "New priority."),
            labels: strings("Replacement set of labels."),
            due_date: date("New due date."),
          },
          [],
          "Fields to change; fields left out keep their value.",
        ),
        notify_users: flag("Email watchers about the change.", true),
      },
      ["issue_key", "fields"],
    ),
    execute: inIssue((input, found) => {
      Object.assign(found.fields, input.fields, { updated: FAKE_NOW });
      return { key: found.key, updated: Object.keys(input.fields) };
    }),
  }),
  tool({
    name: "get_transitions",
    description:
      "List the workflow transitions currently available for an issue, with their ids and target statuses. " +
      "Call this before transition_issue to find a valid transition id.",
    inputSchema: obj({ ...issueKeyField() }, ["issue_key"]),
    execute: inIssue((_input, found) => ({ transitions: transitionsFrom(found.fields.status) })),
  }),
  tool({
    name: "transition_issue",
    description:
      "Move an issue to another status by performing a workflow transition, such as Start Progress or Close. " +
      "The transition must be available from the current status; closing may set a resolution and add a comment.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        transition_id: text("Id of the transition, from get_transitions.", { examples: ["31"] }),
        resolution: choice(["Done", "Won't Do", "Duplicate", "Cannot Reproduce"], "Resolution when closing."),
        comment: text("Comment to add along with the transition."),
      },
      ["issue_key", "transition_id"],
    ),
    tags: ["change status", "close ticket", "resolve"],
    execute: inIssue((input, found) => {
      const transition = transitionsFrom(found.fields.status).find((t) => t.id === input.transition_id);
      if (!transition) return refused(`Transition ${input.transition_id} is not available from ${found.fields.status}.`);
      found.fields.status = transition.to;
      found.fields.resolution = transition.to === "Done" ? (input.resolution ?? "Done") : null;
      if (input.comment) found.comments.push({ id: String(nextId()), author: "toolsift", body: input.comment, created: FAKE_NOW });
      return { key: found.key, status: found.fields.status, resolution: found.fields.resolution };
    }),
  }),
  tool({
    name: "add_comment",
    description:
      "Add a comment to a Jira issue, optionally visible only to a group or project role. " +
      "Returns the comment id and creation time.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        body: text("Comment text; supports Jira wiki markup.", { minLength: 1 }),
        visibility: obj(
          { type: choice(["group", "role"], "Restrict by group or by project role."), value: text("Group or role name.") },
          ["type", "value"],
          "Who may see the comment; omit for everyone with access to the issue.",
        ),
      },
      ["issue_key", "body"],
    ),
    execute: inIssue((input, found) => {
      const comment = { id: String(nextId()), author: "toolsift", body: input.body, created: FAKE_NOW, visibility: input.visibility };
      found.comments.push(comment);
      return comment;
    }),
  }),
  tool({
    name: "assign_issue",
    description:
      "Assign an issue to a user, or unassign it. " +
      "Pass the user's Atlassian account id; pass null to unassign, or -1 for the project's default assignee.",
    inputSchema: obj(
      {
        ...issueKeyField(),
        account_id: orNull(text("Account id of the new assignee, or -1; null unassigns.", { examples: ["priya.n"] })),
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
      "Log time spent on an issue as a worklog entry, in Jira duration notation such as 1h 30m or 2d. " +
      "The remaining estimate is reduced automatically unless adjust_estimate says otherwise.",
    inputSchema: z.object({
      issue_key: z.string().regex(/^[A-Z][A-Z0-9]+-\d+$/).describe("Issue key, such as SHOP-101.").meta({ examples: ["SHOP-103"] }),
      time_spent: z.string().regex(/^(\d+[wdhm]\s*)+$/).describe("Time spent, such as 3h or 1d 4h.").meta({ examples: ["1h 30m"] }),
      started: z.iso.datetime({ offset: true }).optional().describe("When the work started; defaults to now."),
      comment: z.string().max(32767).optional().describe("What was done."),
      adjust_estimate: z
        .enum(["auto", "leave", "new", "manual"])
        .default("auto")
        .describe("How to change the remaining estimate: auto reduces it by time_spent."),
      new_estimate: z.string().optional().describe("The new remaining estimate, with adjust_estimate=new."),
    }),
    execute: (input) => {
      const found = issues.find((i) => i.key === input.issue_key);
      if (!found) return notFound("Issue", input.issue_key);
      const worklog = { id: String(nextId()), time_spent: input.time_spent, started: input.started ?? FAKE_NOW, comment: input.comment };
      found.worklogs.push(worklog);
      return { ...worklog, issue_key: found.key, adjust_estimate: input.adjust_estimate };
    },
  }),
  tool({
    name: "link_issues",
    description:
      "Link two issues with a relation such as blocks, relates to or duplicates. " +
      "The outward issue is the subject: outward SHOP-1 blocks inward SHOP-2.",
    inputSchema: obj(
      {
        type: choice(["Blocks", "Relates", "Duplicate", "Cloners"], "Link type name."),
        inward_issue: text("Key of the inward issue (the one that is blocked, duplicated, cloned).", { examples: ["SHOP-103"] }),
        outward_issue: text("Key of the outward issue (the one that blocks, duplicates, clones).", { examples: ["SHOP-101"] }),
        comment: text("Comment to add to the outward issue."),
      },
      ["type", "inward_issue", "outward_issue"],
    ),
    execute: (input) => {
      const [inward, outward] = [input.inward_issue, input.outward_issue].map((key) => issues.find((i) => i.key === key));
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
      "Delete a Jira issue permanently, with its comments and worklogs. " +
      "Issues with sub-tasks are refused unless delete_subtasks is true, which deletes those too.",
    inputSchema: obj(
      { ...issueKeyField("Key of the issue to delete."), delete_subtasks: flag("Also delete the issue's sub-tasks.", false) },
      ["issue_key"],
    ),
    destructive: true,
    execute: inIssue((input, found) => {
      const subtasks = issues.filter((i) => i.fields.parent === found.key);
      if (subtasks.length > 0 && !input.delete_subtasks) return refused(`${found.key} has ${subtasks.length} sub-tasks.`);
      const doomed = new Set([found, ...subtasks]);
      issues.splice(0, issues.length, ...issues.filter((i) => !doomed.has(i)));
      return { deleted: [...doomed].map((i) => i.key) };
    }),
  }),
  tool({
    name: "list_projects",
    description:
      "List the projects visible to the user, with key, name, lead and project type. " +
      "Filter by a text query on key or name; project keys prefix every issue key.",
    inputSchema: obj({ query: text("Text to match against project key or name."), ...jiraPaging(50) }),
    execute: (input) =>
      jiraPage(
        projects.filter((p) => input.query === undefined || matchesQuery(input.query, p.key, p.name)),
        input.start_at,
        input.limit,
      ),
  }),
  tool({
    name: "list_sprints",
    description:
      "List the sprints of a Scrum board, optionally only active, future or closed ones. " +
      "Sprint ids from here are what move_issues_to_sprint takes.",
    inputSchema: obj(
      {
        board_id: integer("Id of the board.", { minimum: 1, examples: [7] }),
        state: list(choice(["future", "active", "closed"], "Sprint state."), "States to include; all when omitted."),
        ...jiraPaging(50),
      },
      ["board_id"],
    ),
    execute: (input) => {
      const onBoard = sprints.filter((s) => s.board_id === input.board_id && (input.state ?? [s.state]).includes(s.state));
      return jiraPage(onBoard, input.start_at, input.limit);
    },
  }),
  tool({
    name: "move_issues_to_sprint",
    description:
      "Move up to 50 issues into a sprint, taking them out of the backlog or of the sprint they were in. " +
      "Closed sprints cannot receive issues.",
    inputSchema: obj(
      {
        sprint_id: integer("Id of the target sprint.", { minimum: 1, examples: [32] }),
        issues: strings("Keys of the issues to move.", { minItems: 1, maxItems: 50, examples: [["SHOP-102"]] }),
        rank_before_issue: text("Rank the moved issues before this issue in the sprint."),
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
