import { defineServer, tool } from "./define-server.js";
import { int, list, obj, oneOf, str } from "./schema.js";

const issueKey = str("Issue key such as `MOB-123`, or its numeric id.");
const accountId = str("Atlassian account ID of the user.");

const tools = [
  tool(
    "create_issue",
    "Create a Jira issue in a project. Set the issue type (Bug, Story, Task, Epic), summary, description and any other fields; custom fields are passed by id in `fields`.",
    {
      project_key: str("Key of the project, e.g. `MOB`."),
      issue_type: oneOf(["Bug", "Story", "Task", "Epic", "Sub-task"], "Issue type name."),
      summary: str("One-line summary."),
      "description?": str("Description in Atlassian wiki markup or plain text."),
      "priority?": oneOf(["Highest", "High", "Medium", "Low", "Lowest"], "Priority name."),
      "assignee_account_id?": accountId,
      "labels?": list(str("Label."), "Labels; must not contain spaces."),
      "parent_key?": str("Parent epic or story key, required for sub-tasks."),
      "fields?": obj({}, "Extra fields keyed by field id, e.g. `customfield_10016` for story points.", {
        additionalProperties: true,
      }),
    },
  ),
  tool(
    "get_issue",
    "Get a Jira issue by key with its fields, status, assignee, reporter, comments and changelog summary. Pass `fields` to keep the response small on issues with many custom fields.",
    { issue_key: issueKey, "fields?": list(str("Field id."), "Only return these fields.") },
  ),
  tool(
    "search_issues",
    'Search Jira issues with a JQL query such as `project = MOB AND status = "In Progress" ORDER BY priority DESC`. Returns up to `max_results` issues per page.',
    {
      jql: str("JQL query string."),
      "fields?": list(str("Field id."), "Fields to include for each issue."),
      "max_results?": int("Page size, at most 100.", { minimum: 1, maximum: 100, default: 50 }),
      "start_at?": int("Zero-based index of the first result.", { minimum: 0 }),
    },
  ),
  tool(
    "list_transitions",
    "List the workflow transitions currently available for a Jira issue, with their ids and target statuses. Call this before transition_issue, because transition ids differ per workflow.",
    { issue_key: issueKey },
  ),
  tool(
    "transition_issue",
    "Move a Jira issue through its workflow (e.g. To Do → In Progress → Done) using a transition id, optionally setting a resolution and leaving a comment. Fails if the transition is not available from the issue's current status; call list_transitions first.",
    {
      issue_key: issueKey,
      transition_id: str("Transition id from list_transitions."),
      "resolution?": oneOf(["Done", "Won't Do", "Duplicate", "Cannot Reproduce"], "Resolution when closing."),
      "comment?": str("Comment to add with the transition."),
    },
  ),
  tool(
    "assign_issue",
    "Assign a Jira issue to a user, or unassign it by passing null. The user must have the Assignable User permission in the project.",
    {
      issue_key: issueKey,
      account_id: str("Account ID of the new assignee; null to unassign.", { type: ["string", "null"] }),
    },
  ),
  tool(
    "add_comment",
    "Add a comment to a Jira issue, optionally restricted to a project role or group. The body is plain text or wiki markup; mentions use `[~accountid:...]`.",
    {
      issue_key: issueKey,
      body: str("Comment text."),
      "visibility?": obj(
        { type: oneOf(["role", "group"], "Restriction kind."), value: str("Role or group name.") },
        "Who may see the comment.",
      ),
    },
  ),
  tool(
    "add_worklog",
    "Log work against a Jira issue: time spent, when it started and an optional note. Adjusts the remaining estimate automatically unless told otherwise.",
    {
      issue_key: issueKey,
      time_spent: str("Duration in Jira format, e.g. `3h 30m` or `1d`."),
      "started?": str("When the work began, ISO 8601."),
      "comment?": str("What was done."),
      "adjust_estimate?": oneOf(["auto", "leave", "manual"], "How to change the remaining estimate."),
    },
  ),
  tool(
    "link_issues",
    "Create a link between two Jira issues, such as `blocks`, `relates to`, `duplicates` or `clones`. Both issues must exist and the link type must be enabled on the site.",
    {
      link_type: oneOf(["Blocks", "Relates", "Duplicate", "Cloners"], "Link type name."),
      inward_issue_key: str("Issue on the inward side (e.g. the one that is blocked)."),
      outward_issue_key: str("Issue on the outward side (e.g. the one that blocks)."),
    },
  ),
  tool(
    "list_projects",
    "List Jira projects the user can browse, with key, name, lead and project type. Use the key from the results when creating issues or writing JQL.",
    {
      "query?": str("Filter by text in the project key or name."),
      "max_results?": int("Page size.", { maximum: 50 }),
    },
  ),
  tool(
    "get_active_sprint",
    "Get the active sprint of a Jira Software board with its goal, start and end dates and the issues in it. Returns nothing if the board has no sprint running (for example a Kanban board).",
    { board_id: int("Board id.") },
  ),
  tool(
    "move_issues_to_sprint",
    "Move one or more Jira issues into a sprint. Issues can only be moved to open or active sprints.",
    {
      sprint_id: int("Target sprint id."),
      issue_keys: list(str("Issue key."), "Issues to move (max 50).", { maxItems: 50 }),
    },
  ),
  tool(
    "create_version",
    "Create a release version (fix version) in a Jira project, with optional start and release dates. Versions can then be set as fix versions on issues to plan releases.",
    {
      project_key: str("Project key."),
      name: str("Version name, e.g. `2024.6`."),
      "description?": str("What the release contains."),
      "release_date?": str("Planned release date, YYYY-MM-DD.", { format: "date" }),
      "released?": oneOf(["true", "false"], "Whether the version is already shipped."),
    },
  ),
];

export const jira = defineServer("jira", tools, {
  direct: {
    create_issue: [
      "create a jira bug in project MOB: crash on login with SSO",
      "new jira story for the onboarding epic ONB-4",
    ],
    search_issues: ["search jira issues with jql assignee = currentUser() and status = 'In Progress'"],
    transition_issue: ["transition MOB-231 to done"],
    list_projects: ["list all jira projects and their leads"],
    assign_issue: ["assign jira issue PAY-88 to priya"],
    add_worklog: ["log 3h of work on MOB-231"],
    link_issues: ["link MOB-12 as blocking MOB-40 in jira"],
    get_active_sprint: ["what is in the active sprint on board 17"],
    move_issues_to_sprint: ["move issues MOB-50 and MOB-51 to sprint 212"],
    create_version: ["create fix version 2024.7 in project PAY with release date july 30"],
  },
  paraphrase: {
    create_issue: [
      "open a ticket in the MOB board: app crashes after SSO sign-in",
      "raise a PAY ticket, stripe webhooks timing out",
    ],
    get_issue: ["pull up ticket PAY-88 for me"],
    search_issues: ["which of my tickets on the PAY board are still being worked on"],
    list_transitions: ["what states can MOB-231 go to next"],
    transition_issue: ["mark MOB-231 finished, it shipped yesterday"],
    assign_issue: ["give ticket PAY-88 to priya"],
    add_comment: ["note on ticket PAY-88 that the vendor confirmed the outage"],
    add_worklog: ["book 90 minutes against MOB-231 for the pairing session"],
    link_issues: ["MOB-40 can't start until MOB-12 is done, record that dependency"],
    move_issues_to_sprint: ["add MOB-50 and MOB-51 to iteration 212 on the board"],
  },
});
