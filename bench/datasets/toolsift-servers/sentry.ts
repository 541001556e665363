import { defineServer, tool } from "./define-server.js";
import { int, list, obj, oneOf, str } from "./schema.js";

const org = str("Organization slug.");
const project = str("Project slug.");
const issueId = str("Sentry issue ID or short ID like `WEB-3F2`.");

const tools = [
  tool(
    "list_issues",
    "List Sentry issues (grouped errors) for a project, filtered with Sentry search like `is:unresolved level:error release:4.2.0`, sorted by frequency, recency or user impact. Each issue has its short ID, title, culprit, event count, user count and last seen time.",
    {
      org,
      project,
      "query?": str("Sentry search query.", { default: "is:unresolved" }),
      "sort?": oneOf(["date", "new", "freq", "user"], "Sort order."),
      "stats_period?": oneOf(["24h", "14d", ""], "Window for event stats."),
      "cursor?": str("Pagination cursor."),
    },
  ),
  tool(
    "get_issue",
    "Get a Sentry issue with title, culprit, first and last seen, event count, affected users and assigned owner. Use get_latest_event for the stack trace.",
    { org, issue_id: issueId },
  ),
  tool(
    "get_latest_event",
    "Get the most recent event of a Sentry issue with the full stack trace, breadcrumbs, tags and request context. Frames from your own code are marked in_app.",
    { org, issue_id: issueId },
  ),
  tool(
    "update_issue_status",
    "Resolve, ignore or unresolve a Sentry issue, e.g. resolve in the next release or ignore until it happens 100 more times. Resolving in the next release reopens the issue if it recurs after that release.",
    {
      org,
      issue_id: issueId,
      status: oneOf(["resolved", "resolvedInNextRelease", "unresolved", "ignored"], "New status."),
      "ignore_count?": int("With ignored: come back after this many more events."),
    },
  ),
  tool("assign_issue", "Assign a Sentry issue to a user or team. Assignees are notified by email.", {
    org,
    issue_id: issueId,
    assignee: str("`user:<id>`, email, or `team:<slug>`."),
  }),
  tool(
    "list_projects",
    "List Sentry projects in an organization with platform and team. Use the project slug in list_issues.",
    { org },
  ),
  tool(
    "list_releases",
    "List Sentry releases for a project with new issue counts, commits and deploys. Newest first.",
    { org, "project?": project, "query?": str("Version prefix filter.") },
  ),
  tool(
    "create_release",
    "Create a Sentry release and associate commits with it so suspect commits and regressions are detected. Deploys can be recorded against the release afterwards.",
    {
      org,
      version: str("Release version, e.g. `web@4.2.0`."),
      projects: list(str("Project slug."), "Projects in the release."),
      "refs?": list(obj({ repository: str("Repo name."), commit: str("Commit SHA.") }), "Commits to associate."),
    },
  ),
  tool(
    "get_issue_tag_distribution",
    "Show how a Sentry issue's events break down by a tag such as browser, os, release or environment. Shows the top values with their counts and share of events.",
    {
      org,
      issue_id: issueId,
      tag_key: str("Tag key, e.g. `browser`."),
    },
  ),
];

export const sentry = defineServer("sentry", tools, {
  direct: {
    list_issues: ["list unresolved sentry issues in the web project sorted by frequency"],
    get_latest_event: ["get the latest sentry event stack trace for WEB-3F2"],
    update_issue_status: ["resolve sentry issue WEB-3F2 in the next release"],
    assign_issue: ["assign sentry issue WEB-3F2 to team frontend"],
    create_release: ["create a sentry release web@4.2.0 with the last commits"],
    list_projects: ["list sentry projects in the acme org"],
  },
  paraphrase: {
    list_issues: ["what exceptions are blowing up the web app most often today"],
    get_issue: ["how many people hit the WEB-3F2 crash and since when"],
    get_latest_event: ["show me the traceback for the newest WEB-3F2 crash"],
    update_issue_status: ["snooze WEB-3F2 till it's seen another hundred occurrences"],
    list_releases: ["which versions of the web app shipped this month and did they introduce fresh crashes"],
    get_issue_tag_distribution: ["is the WEB-3F2 crash only happening on safari?"],
  },
});
