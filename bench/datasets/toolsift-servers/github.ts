import { defineServer, tool } from "./define-server.js";
import { bool, dateTime, int, list, obj, oneOf, pageParams, str } from "./schema.js";

const owner = str("Account or organization that owns the repository, e.g. `octocat`.");
const repo = str("Repository name without the owner, e.g. `hello-world`.");
const issueNumber = int("The issue number as shown in the GitHub UI (not the internal id).", { minimum: 1 });
const prNumber = int("Pull request number.", { minimum: 1 });

const tools = [
  tool(
    "search_repositories",
    "Search GitHub repositories by keyword. Supports GitHub search qualifiers such as `language:go`, `stars:>500` or `org:vercel`, and returns name, description, star count and default branch for each match.",
    {
      query: str("Search string, including any qualifiers."),
      "sort?": oneOf(["stars", "forks", "help-wanted-issues", "updated"], "Field to sort by; best match when omitted."),
      "order?": oneOf(["asc", "desc"], "Sort direction.", { default: "desc" }),
      ...pageParams(100),
    },
  ),
  tool(
    "get_repository",
    "Get metadata for a single GitHub repository: visibility, default branch, topics, license, open issue count and whether it is archived or a fork. Use it to check whether a repository exists before writing to it.",
    { owner, repo },
  ),
  tool(
    "create_issue",
    "Create a new issue in a GitHub repository. Title is required; body accepts GitHub-flavored Markdown. Labels, assignees and a milestone may be set in the same call if the caller has triage access.",
    {
      owner,
      repo,
      title: str("Issue title."),
      "body?": str("Issue body in Markdown."),
      "labels?": list(str("Label name."), "Labels to apply; unknown labels are created."),
      "assignees?": list(str("GitHub login."), "Users to assign (up to 10)."),
      "milestone?": int("Milestone number to attach."),
    },
  ),
  tool(
    "get_issue",
    "Fetch one GitHub issue by number, including title, body, state, labels, assignees and reaction counts. Pull requests share the numbering and are returned too.",
    { owner, repo, issue_number: issueNumber },
  ),
  tool(
    "list_issues",
    "List issues in a GitHub repository, filtered by state, labels, assignee or creator. Results are paginated and include pull requests unless `exclude_pulls` is set.",
    {
      owner,
      repo,
      "state?": oneOf(["open", "closed", "all"], "Issue state filter.", { default: "open" }),
      "labels?": str("Comma-separated label names; issues must carry all of them."),
      "assignee?": str("Login of the assignee, `none` for unassigned or `*` for any."),
      "creator?": str("Login of the user who opened the issue."),
      "since?": dateTime("Only issues updated at or after this time."),
      "exclude_pulls?": bool("Drop pull requests from the results.", { default: false }),
      ...pageParams(100),
    },
  ),
  tool(
    "update_issue",
    "Update an existing GitHub issue: change title or body, close or reopen it, replace labels or assignees, or move it to another milestone. Only the fields you pass are changed, except `labels` and `assignees`, which replace the current sets.",
    {
      owner,
      repo,
      issue_number: issueNumber,
      "title?": str("New title."),
      "body?": str("New body; replaces the old one entirely."),
      "state?": oneOf(["open", "closed"], "Set to `closed` to close the issue."),
      "state_reason?": oneOf(["completed", "not_planned", "reopened"], "Why the state changed."),
      "labels?": list(str("Label name."), "Full replacement set of labels."),
      "assignees?": list(str("GitHub login."), "Full replacement set of assignees."),
      "milestone?": int("Milestone number, or null to clear.", { type: ["integer", "null"] }),
    },
  ),
  tool(
    "add_issue_comment",
    "Add a comment to a GitHub issue or pull request conversation. The body is Markdown and may @-mention users.",
    { owner, repo, issue_number: issueNumber, body: str("Comment text in Markdown.") },
  ),
  tool(
    "search_issues",
    "Search issues and pull requests across all of GitHub with the issue search syntax, e.g. `is:open label:bug repo:nodejs/node author:octocat`. Unlike list_issues it is not limited to one repository; results are capped at 1000 per query.",
    {
      q: str("Search query with qualifiers."),
      "sort?": oneOf(["comments", "reactions", "created", "updated"], "Sort field."),
      "order?": oneOf(["asc", "desc"], "Sort direction."),
      ...pageParams(100),
    },
  ),
  tool(
    "create_pull_request",
    "Open a pull request on GitHub from a head branch into a base branch. Can be opened as a draft; fails if the branches have no commits between them.",
    {
      owner,
      repo,
      title: str("Pull request title."),
      head: str("Branch with the changes; use `user:branch` for a branch in a fork."),
      base: str("Branch to merge into, usually `main`."),
      "body?": str("Description in Markdown; `Fixes #123` closes the issue on merge."),
      "draft?": bool("Open as a draft pull request.", { default: false }),
      "maintainer_can_modify?": bool("Let maintainers push to the head branch."),
    },
  ),
  tool(
    "list_pull_requests",
    "List pull requests in a repository, optionally filtered by state, head or base branch. Each entry has the number, title, author, draft flag and head and base refs; use get_pull_request_diff for the changes themselves.",
    {
      owner,
      repo,
      "state?": oneOf(["open", "closed", "all"], "Filter by state.", { default: "open" }),
      "head?": str("Filter by head as `user:ref-name`."),
      "base?": str("Filter by base branch name."),
      "sort?": oneOf(["created", "updated", "popularity", "long-running"], "Sort field."),
      ...pageParams(100),
    },
  ),
  tool(
    "merge_pull_request",
    "Merge a GitHub pull request using a merge commit, squash or rebase. Fails when required status checks or reviews are missing.",
    {
      owner,
      repo,
      pull_number: prNumber,
      "merge_method?": oneOf(["merge", "squash", "rebase"], "How to merge.", { default: "merge" }),
      "commit_title?": str("Title for the merge or squash commit."),
      "commit_message?": str("Extra detail appended to the commit message."),
      "sha?": str("Head SHA that must match for the merge to proceed."),
    },
  ),
  tool(
    "get_pull_request_diff",
    "Get the unified diff of a pull request, with per-file additions and deletions. Large diffs are truncated per file.",
    { owner, repo, pull_number: prNumber, "path_filter?": str("Only include files whose path matches this glob.") },
  ),
  tool(
    "create_pull_request_review",
    "Submit a review on a pull request: approve it, request changes or leave a comment-only review, optionally with line comments. Pending reviews are not supported; the review is submitted at once.",
    {
      owner,
      repo,
      pull_number: prNumber,
      event: oneOf(["APPROVE", "REQUEST_CHANGES", "COMMENT"], "The review verdict."),
      "body?": str("Overall review text; required for REQUEST_CHANGES and COMMENT."),
      "comments?": list(
        obj({
          path: str("File path relative to the repository root."),
          line: int("Line in the new version of the file."),
          body: str("Comment text."),
        }),
        "Inline comments attached to specific lines.",
      ),
    },
  ),
  tool(
    "create_branch",
    "Create a new branch in a GitHub repository pointing at the given commit SHA or at the head of another branch. Fails with 422 if the branch already exists.",
    {
      owner,
      repo,
      branch: str("Name of the branch to create."),
      "from_ref?": str("Branch name or commit SHA to start from; the default branch when omitted."),
    },
  ),
  tool(
    "get_file_contents",
    "Read a file or list a directory from a GitHub repository at a given ref. Text files come back decoded; binary files as base64.",
    {
      owner,
      repo,
      path: str("Path inside the repository."),
      "ref?": str("Branch, tag or commit SHA; default branch when omitted."),
    },
  ),
  tool(
    "create_or_update_file",
    "Create or overwrite a single file in a GitHub repository by committing it directly to a branch. Updating an existing file requires its current blob SHA.",
    {
      owner,
      repo,
      path: str("Path of the file to write."),
      content: str("New file content as UTF-8 text."),
      message: str("Commit message."),
      branch: str("Branch to commit to."),
      "sha?": str("Blob SHA of the file being replaced; required when it exists."),
    },
  ),
  tool(
    "list_commits",
    "List commits on a branch of a GitHub repository, newest first, optionally only those touching a path or by a given author. Each commit includes its SHA, message, author and date, but not the diff.",
    {
      owner,
      repo,
      "sha?": str("Branch name or SHA to start listing from."),
      "path?": str("Only commits that modified this path."),
      "author?": str("GitHub login or email of the author."),
      "since?": dateTime("Only commits after this date."),
      "until?": dateTime("Only commits before this date."),
      ...pageParams(100),
    },
  ),
  tool(
    "search_code",
    "Search source code across GitHub repositories. Use qualifiers like `repo:`, `path:`, `extension:` and `language:` to narrow the search; returns file paths with matching fragments.",
    { q: str("Code search query."), ...pageParams(100) },
  ),
  tool(
    "create_release",
    "Create a GitHub release for a tag, with release notes. Can generate notes automatically from merged pull requests since the previous release.",
    {
      owner,
      repo,
      tag_name: str("Tag to release, e.g. `v2.3.0`; created from `target_commitish` if missing."),
      "target_commitish?": str("Branch or SHA the tag is created from."),
      "name?": str("Release title."),
      "body?": str("Release notes in Markdown."),
      "draft?": bool("Save as an unpublished draft."),
      "prerelease?": bool("Mark as a pre-release."),
      "generate_release_notes?": bool("Let GitHub write the notes from merged pull requests."),
    },
  ),
  tool(
    "list_workflow_runs",
    "List GitHub Actions workflow runs for a repository, filtered by workflow file, branch, event or status. Each run reports its conclusion, duration and triggering commit.",
    {
      owner,
      repo,
      "workflow_id?": str("Workflow file name such as `ci.yml`, or its numeric id."),
      "branch?": str("Only runs on this branch."),
      "event?": str("Triggering event, e.g. `push` or `pull_request`."),
      "status?": oneOf(
        ["queued", "in_progress", "completed", "success", "failure", "cancelled"],
        "Run status or conclusion.",
      ),
      ...pageParams(100),
    },
  ),
  tool(
    "rerun_workflow",
    "Re-run a GitHub Actions workflow run, either every job or only the jobs that failed. The run must have completed; queued or in-progress runs cannot be re-run.",
    {
      owner,
      repo,
      run_id: int("Workflow run id."),
      "failed_jobs_only?": bool("Only re-run failed jobs and their dependents.", { default: false }),
      "enable_debug_logging?": bool("Turn on runner debug logging for the re-run."),
    },
  ),
];

export const github = defineServer("github", tools, {
  direct: {
    search_repositories: ["search github repositories for rust web frameworks with more than 5000 stars"],
    create_issue: ["create an issue in the acme/web-app github repo titled 'Dark mode toggle does nothing'"],
    get_issue: ["get github issue #4821 in vercel/next.js"],
    list_issues: ["list open issues labeled bug in our github repository"],
    add_issue_comment: ["add a comment to github issue 77 saying the fix is deployed"],
    create_pull_request: ["create a pull request from feature/oauth into main"],
    merge_pull_request: ["squash merge pull request 312"],
    list_pull_requests: ["lsit open pull requets in acme/api"],
    create_pull_request_review: ["leave a review requesting changes on pull request 312"],
    list_commits: ["list commits on the release branch by alice since monday"],
    create_release: ["create a github release for tag v2.3.0 with generated release notes"],
    list_workflow_runs: ["list failed github actions workflow runs on main"],
    search_code: ["search code on github for usages of createHash in the node repo"],
  },
  paraphrase: {
    search_repositories: [
      "find popular open source projects written in elixir",
      "whats trending for svelte component libs on gh",
    ],
    get_repository: ["is octocat/spoon-knife still maintained or read-only now? is it public"],
    create_issue: ["file a bug on gh for acme/web-app: dark mode switch broken on safari"],
    get_issue: ["show me what ticket 4821 on vercel/next.js says"],
    update_issue: ["mark gh #88 on acme/web-app as won't fix"],
    search_issues: ["every ticket torvalds filed anywhere on gh this year that's still unresolved"],
    create_pull_request: [
      "send my feature/oauth work upstream as a PR into main",
      "hey, could you put up a PR for my feature/oauth work against main? tests are still red so nobody should land it yet",
    ],
    list_pull_requests: ["which PRs are still waiting on acme/api"],
    get_pull_request_diff: ["show me what changed in PR 312, line by line"],
    create_pull_request_review: ["sign off on PR 45 in acme/api, looks good to me"],
    create_branch: ["cut hotfix-1.4 off main in acme/api on gh"],
    get_file_contents: ["show me the package.json on main in acme/web-app on gh"],
    create_or_update_file: ["push an edited README straight to main on gh without a PR"],
    rerun_workflow: ["kick the flaky gh CI build 9912 one more time"],
  },
});
