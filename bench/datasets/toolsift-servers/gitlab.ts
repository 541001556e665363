import { defineServer, tool } from "./define-server.js";
import { bool, dateTime, int, list, oneOf, pageParams, str } from "./schema.js";

const project = str("Numeric project ID or URL-encoded path such as `group%2Fsubgroup%2Fapp`.");
const issueIid = int("Project-scoped issue IID (the number after `#`).");
const mrIid = int("Project-scoped merge request IID (the number after `!`).");

const tools = [
  tool(
    "list_projects",
    "List GitLab projects visible to the token, optionally only those you are a member of or that match a search term. Returns id, path with namespace, default branch, visibility and last activity for each project.",
    {
      "search?": str("Match against project name and path."),
      "membership?": bool("Only projects the user is a member of."),
      "owned?": bool("Only projects owned by the user."),
      "archived?": bool("Include archived projects."),
      "order_by?": oneOf(["id", "name", "path", "created_at", "updated_at", "last_activity_at"], "Ordering field."),
      ...pageParams(100),
    },
  ),
  tool(
    "create_issue",
    "Create an issue in a GitLab project. Supports labels, assignees, a milestone, a due date, weight and marking it confidential.",
    {
      id: project,
      title: str("Issue title."),
      "description?": str("Markdown description; quick actions like `/estimate 2h` are applied."),
      "labels?": str("Comma-separated label names."),
      "assignee_ids?": list(int("User ID."), "Users to assign."),
      "milestone_id?": int("Global ID of the milestone."),
      "due_date?": str("Due date as YYYY-MM-DD.", { format: "date" }),
      "weight?": int("Issue weight (Premium).", { minimum: 0 }),
      "confidential?": bool("Only visible to project members with Reporter access or higher."),
    },
  ),
  tool(
    "list_issues",
    "List issues of a GitLab project with filters for state, labels, milestone, assignee and free-text search in title and description. Results include IID, title, state, labels, assignees and web URL, 20 per page by default.",
    {
      id: project,
      "state?": oneOf(["opened", "closed", "all"], "Issue state."),
      "labels?": str("Comma-separated labels; `None` or `Any` are special values."),
      "milestone?": str("Milestone title."),
      "assignee_username?": str("Username of the assignee."),
      "search?": str("Text to look for in title and description."),
      ...pageParams(100),
    },
  ),
  tool(
    "update_issue",
    "Edit a GitLab issue: retitle it, relabel it, reassign it, change its milestone, or close and reopen it with `state_event`. Labels can be added or removed without replacing the whole set.",
    {
      id: project,
      issue_iid: issueIid,
      "title?": str("New title."),
      "description?": str("New description."),
      "add_labels?": str("Comma-separated labels to add."),
      "remove_labels?": str("Comma-separated labels to remove."),
      "assignee_ids?": list(int("User ID."), "Replacement assignees; empty array unassigns."),
      "state_event?": oneOf(["close", "reopen"], "Close or reopen the issue."),
    },
  ),
  tool(
    "create_merge_request",
    "Create a GitLab merge request from a source branch to a target branch. Can be marked as draft, set to remove the source branch and squash on merge.",
    {
      id: project,
      source_branch: str("Branch containing the changes."),
      target_branch: str("Branch to merge into."),
      title: str("Title; prefix with `Draft:` to create a draft."),
      "description?": str("Markdown description."),
      "assignee_id?": int("User to assign."),
      "reviewer_ids?": list(int("User ID."), "Requested reviewers."),
      "remove_source_branch?": bool("Delete the source branch after merge."),
      "squash?": bool("Squash commits when merging."),
    },
  ),
  tool(
    "list_merge_requests",
    "List merge requests in a GitLab project, filtered by state, author, reviewer, source or target branch. Each result includes IID, title, draft status, merge status and pipeline status.",
    {
      id: project,
      "state?": oneOf(["opened", "closed", "locked", "merged", "all"], "Merge request state."),
      "author_username?": str("Author's username."),
      "reviewer_username?": str("Reviewer's username."),
      "target_branch?": str("Target branch."),
      "wip?": oneOf(["yes", "no"], "Filter drafts."),
      ...pageParams(100),
    },
  ),
  tool(
    "accept_merge_request",
    "Accept and merge a GitLab merge request, optionally only once its pipeline succeeds. Returns 405 if the merge request is a draft, has conflicts or is blocked by unresolved threads.",
    {
      id: project,
      merge_request_iid: mrIid,
      "merge_when_pipeline_succeeds?": bool("Set auto-merge instead of merging now."),
      "squash?": bool("Squash commits into one."),
      "should_remove_source_branch?": bool("Remove the source branch afterwards."),
      "merge_commit_message?": str("Custom merge commit message."),
    },
  ),
  tool(
    "create_merge_request_note",
    "Post a comment (note) on a GitLab merge request's discussion. Use it for general feedback; line-level discussions are not supported by this tool.",
    {
      id: project,
      merge_request_iid: mrIid,
      body: str("Note text in Markdown."),
      "internal?": bool("Visible only to project members."),
    },
  ),
  tool(
    "get_file",
    "Retrieve a file from a GitLab repository at a branch, tag or commit, with its content base64-encoded and its blob id and last commit. For large files or raw bytes, ask for the raw endpoint instead.",
    { id: project, file_path: str("URL-encoded path of the file."), ref: str("Branch, tag or commit SHA.") },
  ),
  tool(
    "create_branch",
    "Create a branch in a GitLab project's repository from an existing branch, tag or commit. Protected branch rules apply to the new branch if its name matches a pattern.",
    { id: project, branch: str("Name of the new branch."), ref: str("Branch name, tag or commit SHA to branch from.") },
  ),
  tool(
    "list_pipelines",
    "List CI/CD pipelines of a GitLab project, newest first, filterable by status, ref, source and update time. Returns id, IID, status, ref, SHA and web URL; job details need a separate call.",
    {
      id: project,
      "status?": oneOf(
        [
          "created",
          "waiting_for_resource",
          "preparing",
          "pending",
          "running",
          "success",
          "failed",
          "canceled",
          "skipped",
          "manual",
          "scheduled",
        ],
        "Pipeline status.",
      ),
      "ref?": str("Branch or tag the pipeline ran for."),
      "source?": oneOf(
        ["push", "web", "trigger", "schedule", "api", "merge_request_event"],
        "What started the pipeline.",
      ),
      "updated_after?": dateTime("Only pipelines updated after this time."),
      ...pageParams(100),
    },
  ),
  tool(
    "retry_pipeline",
    "Retry the failed or canceled jobs of a GitLab CI/CD pipeline. Successful jobs are not run again.",
    { id: project, pipeline_id: int("Pipeline ID.") },
  ),
  tool("get_job_log", "Fetch the trace (console log) of a GitLab CI job. Long traces can be cut to the last N lines.", {
    id: project,
    job_id: int("Job ID."),
    "tail_lines?": int("Only return this many lines from the end.", { minimum: 1 }),
  }),
];

export const gitlab = defineServer("gitlab", tools, {
  direct: {
    list_projects: ["list gitlab projects I'm a member of"],
    create_issue: ["create a confidential gitlab issue in group/payments about the leaked API token"],
    list_issues: ["list closed gitlab issues in the mobile project with the regression label"],
    create_merge_request: ["create a merge request from feature/search to develop in gitlab"],
    accept_merge_request: ["merge request !87 should merge when the pipeline succeeds"],
    list_pipelines: ["list failed pipelines on main for the backend gitlab project"],
    get_job_log: ["show the last 200 lines of the job log for gitlab job 55012"],
    create_branch: ["create a gitlab branch release/3.1 from tag v3.0.4"],
    get_file: ["read the .gitlab-ci.yml on develop in group/payments"],
  },
  paraphrase: {
    create_issue: ["raise a bug in our self-hosted gl instance, group/payments, about the leaked token"],
    list_issues: ["which reported problems in the mobile repo on our self hosted gl are still unresolved"],
    update_issue: ["hand #14 in group/payments over to maria on our self-hosted gl"],
    create_merge_request: ["open an MR so feature/search lands in develop"],
    list_merge_requests: ["which MRs is dimitri supposed to look at right now"],
    accept_merge_request: ["ship !87 into develop once it goes green"],
    create_merge_request_note: ["reply on !87 that the naming needs a second look"],
    get_file: ["show me the CI yaml on develop in group/payments on our self-hosted gl"],
    retry_pipeline: ["the backend build 4410 on our self-hosted gl flaked, kick it off again"],
    get_job_log: ["why did the rspec stage crash on gl build 55012, show me its output"],
  },
});
