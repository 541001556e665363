import { defineServer, tool } from "./define-server.js";
import { cursorParams, int, list, oneOf, str } from "./schema.js";

const priority = int("0 = none, 1 = urgent, 2 = high, 3 = medium, 4 = low.", { minimum: 0, maximum: 4 });

const tools = [
  tool(
    "create_issue",
    "Create a Linear issue for a team. Title and team are required; state, priority, estimate, labels, project and cycle are optional.",
    {
      teamId: str("Team UUID or key like `ENG`."),
      title: str("Issue title."),
      "description?": str("Markdown description."),
      "priority?": priority,
      "assigneeId?": str("User UUID."),
      "stateId?": str("Workflow state UUID; defaults to the team's backlog state."),
      "labelIds?": list(str("Label UUID."), "Labels to apply."),
      "projectId?": str("Project UUID."),
      "cycleId?": str("Cycle UUID."),
      "estimate?": int("Estimate in points."),
    },
  ),
  tool(
    "update_issue",
    "Update fields on a Linear issue by identifier (e.g. `ENG-42`): title, description, state, priority, assignee, labels or estimate. Fields that are not given stay as they are.",
    {
      id: str("Issue identifier like `ENG-42` or UUID."),
      "title?": str("New title."),
      "description?": str("New description."),
      "stateId?": str("Workflow state UUID."),
      "priority?": priority,
      "assigneeId?": str("User UUID, or null to unassign.", { type: ["string", "null"] }),
      "labelIds?": list(str("Label UUID."), "Replacement labels."),
    },
  ),
  tool(
    "search_issues",
    "Full-text search over Linear issues by title, description and comments, optionally limited to one team or state type. Results are ranked by relevance and include identifier, title, state, assignee and URL.",
    {
      query: str("Search text."),
      "teamId?": str("Restrict to this team."),
      "stateType?": oneOf(["backlog", "unstarted", "started", "completed", "canceled"], "Workflow state category."),
      "includeArchived?": oneOf(["true", "false"], "Include archived issues."),
      ...cursorParams(50, "after", "first"),
    },
  ),
  tool(
    "list_teams",
    "List the teams in the Linear workspace with their key, name and issue count. Use the team id or key when creating issues.",
    cursorParams(100, "after", "first"),
  ),
  tool(
    "list_cycles",
    "List cycles (Linear's sprints) of a team, including the current one with its progress and scope. Each cycle reports number, start and end dates, and how many issues are completed.",
    {
      teamId: str("Team UUID or key."),
      "filter?": oneOf(["current", "upcoming", "past", "all"], "Which cycles.", { default: "all" }),
    },
  ),
  tool(
    "add_issue_to_cycle",
    "Put a Linear issue into a cycle, or remove it from its cycle when cycleId is null. The cycle must belong to the issue's team.",
    { issueId: str("Issue identifier."), cycleId: str("Cycle UUID, or null.", { type: ["string", "null"] }) },
  ),
  tool("create_comment", "Comment on a Linear issue. Markdown and @-mentions are supported.", {
    issueId: str("Issue identifier."),
    body: str("Comment body in Markdown."),
    "parentId?": str("Reply to this comment in a thread."),
  }),
  tool(
    "list_projects",
    "List Linear projects with their status, lead, target date and completion percentage. Paginated with `first` and `after` like every Linear connection.",
    {
      "teamId?": str("Only projects that include this team."),
      "state?": oneOf(["planned", "started", "paused", "completed", "canceled"], "Project status."),
      ...cursorParams(50, "after", "first"),
    },
  ),
  tool(
    "create_project",
    "Create a Linear project spanning one or more teams, with a lead, start date and target date. Issues are attached to it afterwards with update_issue.",
    {
      name: str("Project name."),
      teamIds: list(str("Team UUID."), "Teams working on the project.", { minItems: 1 }),
      "description?": str("Short summary."),
      "leadId?": str("User UUID of the lead."),
      "startDate?": str("YYYY-MM-DD.", { format: "date" }),
      "targetDate?": str("YYYY-MM-DD.", { format: "date" }),
    },
  ),
  tool(
    "archive_issue",
    "Archive a Linear issue so it disappears from views; archived issues can be restored later. Use update_issue with a canceled state instead if the work was dropped rather than finished.",
    {
      id: str("Issue identifier."),
    },
  ),
];

export const linear = defineServer("linear", tools, {
  direct: {
    create_issue: ["create a linear issue for the ENG team: flaky auth test"],
    update_issue: ["update linear issue ENG-42 priority to urgent"],
    search_issues: ["search linear issues about rate limiting in the platform team"],
    list_cycles: ["show the current linear cycle for team ENG"],
    create_project: ["create a linear project 'Billing v2' for the payments and platform teams"],
    archive_issue: ["archive linear issue DES-9"],
    list_teams: ["list the teams in our linear workspace"],
    add_issue_to_cycle: ["add linear issue ENG-77 to the current cycle"],
    create_comment: ["comment on linear issue ENG-42 that it's blocked by the migration"],
  },
  paraphrase: {
    list_projects: ["which initiatives are due this quarter and how far along are they"],
  },
});
