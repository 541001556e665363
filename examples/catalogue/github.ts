import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, paginate, refused } from "./fake-service.js";
import {
  choice,
  dateTime,
  flag,
  integer,
  list,
  obj,
  pagePaging,
  person,
  type Properties,
  repoRef,
  strings,
  text,
} from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

interface Issue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  state_reason: string | null;
  labels: string[];
  assignees: string[];
  user: string;
  comments: { user: string; body: string; created_at: string }[];
  created_at: string;
  updated_at: string;
}

interface PullRequest {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  merged: boolean;
  draft: boolean;
  head: string;
  base: string;
  user: string;
  created_at: string;
}

interface Commit {
  sha: string;
  message: string;
  author: string;
  date: string;
  paths: string[];
}

interface Repo {
  owner: string;
  name: string;
  description: string;
  private: boolean;
  default_branch: string;
  language: string;
  stars: number;
  topics: string[];
  issues: Issue[];
  pulls: PullRequest[];
  branches: Map<string, string>;
  files: Map<string, string>;
  commits: Commit[];
}

const issue = (number: number, title: string, labels: string[], created_at: string, body = ""): Issue => ({
  number,
  title,
  body,
  state: "open",
  state_reason: null,
  labels,
  assignees: [],
  user: "mira-k",
  comments: [],
  created_at,
  updated_at: created_at,
});

const repo = (owner: string, name: string, details: Pick<Repo, "description" | "language" | "stars" | "topics">): Repo => ({
  owner,
  name,
  private: false,
  default_branch: "main",
  ...details,
  issues: [],
  pulls: [],
  branches: new Map([["main", "9f3c2a1"]]),
  files: new Map([["README.md", `# ${name}\n\n${details.description}\n`]]),
  commits: [{ sha: "9f3c2a1", message: "Initial commit", author: "mira-k", date: "2025-01-10T12:00:00Z", paths: ["README.md"] }],
});

const storefront = repo("acme", "storefront", {
  description: "Customer-facing web shop built with Next.js",
  language: "TypeScript",
  stars: 214,
  topics: ["ecommerce", "nextjs", "checkout"],
});
storefront.issues.push(
  issue(41, "Checkout button unresponsive on Safari 17", ["bug", "checkout"], "2025-05-20T08:14:00Z", "Clicking Pay does nothing."),
  issue(42, "Add a dark mode toggle to the header", ["enhancement", "ui"], "2025-05-22T16:40:00Z"),
  issue(43, "Cart total rounds incorrectly for JPY", ["bug", "payments"], "2025-05-28T11:05:00Z", "Yen has no minor unit."),
);
storefront.pulls.push({
  number: 44,
  title: "Fix Safari click handler on the checkout button",
  body: "Fixes #41",
  state: "open",
  merged: false,
  draft: false,
  head: "fix/safari-checkout",
  base: "main",
  user: "devon-r",
  created_at: "2025-05-29T10:00:00Z",
});
storefront.branches.set("fix/safari-checkout", "b71e0d4");
storefront.files.set("src/checkout/pay-button.tsx", "export function PayButton() {\n  return <button>Pay</button>;\n}\n");

const repos: Repo[] = [
  storefront,
  repo("acme", "payments-api", {
    description: "Payment orchestration service in front of Stripe and Adyen",
    language: "Go",
    stars: 88,
    topics: ["payments", "stripe", "api"],
  }),
  repo("acme", "infra", {
    description: "Terraform modules and CI pipelines for every acme environment",
    language: "HCL",
    stars: 12,
    topics: ["terraform", "devops"],
  }),
];

type RepoName = { owner: string; repo: string };

/** The input schema of a repository-scoped tool: `owner` and `repo` first, both required. */
const repoInput = <P extends Properties, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
) => obj({ ...repoRef, ...properties }, ["owner", "repo", ...required]);

const inRepo = lookup(
  "Repository",
  (input: RepoName) => repos.find((r) => r.owner === input.owner && r.name === input.repo),
  (input) => `${input.owner}/${input.repo}`,
);

/** An `execute` that runs `use` on the numbered issue of the named repository, or answers not-found. */
const onIssue = <I extends RepoName & { issue_number: number }>(use: (input: I, found: Issue) => unknown) =>
  inRepo<I>((input, at) => {
    const found = at.issues.find((i) => i.number === input.issue_number);
    return found ? use(input, found) : notFound("Issue", `${input.owner}/${input.repo}#${input.issue_number}`);
  });

const nextNumber = (at: Repo) => Math.max(0, ...at.issues.map((i) => i.number), ...at.pulls.map((p) => p.number)) + 1;

const summary = (r: Repo) => ({
  full_name: `${r.owner}/${r.name}`,
  description: r.description,
  private: r.private,
  default_branch: r.default_branch,
  language: r.language,
  stargazers_count: r.stars,
  topics: r.topics,
  open_issues_count: r.issues.filter((i) => i.state === "open").length,
  html_url: `https://github.com/${r.owner}/${r.name}`,
});

function commit(at: Repo, branch: string, message: string, paths: string[]) {
  const sha = (at.commits.length * 2654435761).toString(16).padStart(7, "0").slice(-7);
  at.commits.unshift({ sha, message, author: "toolsift-bot", date: FAKE_NOW, paths });
  at.branches.set(branch, sha);
  return { sha, message, branch, html_url: `https://github.com/${at.owner}/${at.name}/commit/${sha}` };
}

const issueNumberField = { issue_number: integer("The issue number, as shown after # in the UI.", { minimum: 1, examples: [41] }) };
const labelsField = strings("Label names to apply. Labels that do not exist yet are created.", { uniqueItems: true });
const assigneesField = strings("GitHub logins to assign (at most 10).", { maxItems: 10, uniqueItems: true });
const sortDirection = choice(["asc", "desc"], "Sort direction.", "desc");
const branchField = (description: string) => text(description, { examples: ["main"] });

/** The filters and paging shared by the issue and pull request listings. */
const listing = <const S extends readonly [string, ...string[]]>(noun: string, sorts: S) => ({
  state: choice(["open", "closed", "all"], `${noun} state to include.`, "open"),
  sort: choice(sorts, "Field to sort by.", sorts[0]),
  direction: sortDirection,
  ...pagePaging(100, 30),
});
const inState = (wanted: "open" | "closed" | "all" = "open", item: { state: string }) =>
  wanted === "all" || item.state === wanted;

const tool = serverTools("github");

/** Tools of a GitHub MCP server, run against a small in-memory set of acme repositories. */
export const githubTools: ToolDefinition[] = [
  tool({
    name: "search_repositories",
    description:
      "Search GitHub repositories by keywords and qualifiers such as language:go or topic:payments. " +
      "Returns full names, descriptions, star counts and topics, best match first. " +
      "Use get_repository for one repository you already know by name.",
    inputSchema: obj(
      {
        query: text("Search keywords, optionally with GitHub search qualifiers.", { examples: ["payments"] }),
        sort: choice(["best-match", "stars", "forks", "updated"], "Field to sort by.", "best-match"),
        order: sortDirection,
        ...pagePaging(100, 30),
      },
      ["query"],
    ),
    tags: ["find repo", "discover"],
    execute: ({ query, sort, page, per_page }) => {
      const hits = repos.filter((r) => matchesQuery(query, r.name, r.description, r.language, ...r.topics));
      if (sort === "stars") hits.sort((a, b) => b.stars - a.stars);
      return paginate(hits.map(summary), page, per_page);
    },
  }),
  tool({
    name: "get_repository",
    description:
      "Get the details of one repository: description, visibility, default branch, language and counts. " +
      "Fails with a not-found result when the repository does not exist or is not visible to the token.",
    inputSchema: repoInput({}),
    execute: inRepo((_input, at) => summary(at)),
  }),
  tool({
    name: "create_repository",
    description:
      "Create a new repository for the authenticated user or in an organization. " +
      "Optionally initialises it with a README, a .gitignore template and a license; returns the new repository.",
    inputSchema: obj(
      {
        name: text("Repository name; letters, digits, '.', '-' and '_' only.", {
          pattern: "^[A-Za-z0-9._-]+$",
          maxLength: 100,
          examples: ["design-tokens"],
        }),
        description: text("A short description shown on the repository page."),
        org: text("Organization to create the repository in; omit it for a personal repository."),
        private: flag("Whether the repository is private.", false),
        auto_init: flag("Create an initial commit with an empty README.", true),
        gitignore_template: text("Name of a .gitignore template, such as Node or Go."),
        license_template: choice(["mit", "apache-2.0", "gpl-3.0", "bsd-3-clause", "unlicense"], "License keyword."),
      },
      ["name"],
    ),
    execute: (input) => {
      const owner = input.org ?? "acme";
      if (repos.some((r) => r.owner === owner && r.name === input.name)) {
        return refused(`Repository ${owner}/${input.name} already exists; pick another name.`);
      }
      const created = repo(owner, input.name, { description: input.description ?? "", language: "", stars: 0, topics: [] });
      created.private = input.private ?? false;
      repos.push(created);
      return summary(created);
    },
  }),
  tool({
    name: "delete_repository",
    description:
      "Permanently delete a repository with its issues, pull requests, wiki and releases. " +
      "This cannot be undone; the token needs the delete_repo scope.",
    inputSchema: repoInput({}),
    destructive: true,
    execute: inRepo((input, found) => {
      repos.splice(repos.indexOf(found), 1);
      return { deleted: `${found.owner}/${found.name}` };
    }),
  }),
  tool({
    name: "list_issues",
    description:
      "List issues in a repository, filtered by state, labels, assignee and last update. " +
      "Pull requests are excluded. Results are paginated; each item carries number, title, state, labels and assignees.",
    inputSchema: repoInput(
      {
        ...listing("Issue", ["created", "updated", "comments"]),
        labels: strings("Only issues carrying all of these labels."),
        assignee: text("Only issues assigned to this login; use * for any and none for unassigned."),
        since: dateTime("Only issues updated at or after this time."),
      },
    ),
    execute: inRepo((input, at) => {
      const hits = at.issues.filter(
        (i) =>
          inState(input.state, i) &&
          (input.labels ?? []).every((l) => i.labels.includes(l)) &&
          (input.since === undefined || i.updated_at >= input.since),
      );
      const items = hits.map(({ comments, body, ...rest }) => ({ ...rest, comments: comments.length }));
      return paginate(input.direction === "asc" ? items : items.reverse(), input.page, input.per_page);
    }),
  }),
  tool({
    name: "get_issue",
    description:
      "Get one issue by number, with its body, labels, assignees and comments. " +
      "Use list_issues to find the number first when only the title is known.",
    inputSchema: repoInput(issueNumberField, ["issue_number"]),
    execute: onIssue((_input, found) => found),
  }),
  tool({
    name: "create_issue",
    description:
      "Open a new issue in a repository. " +
      "Accepts a Markdown body, labels and assignees, and returns the created issue with its number and URL.",
    inputSchema: repoInput(
      {
        title: text("Issue title.", { minLength: 1, maxLength: 256, examples: ["Search results ignore the locale"] }),
        body: text("Issue body in GitHub-flavoured Markdown."),
        labels: labelsField,
        assignees: assigneesField,
        milestone: integer("Number of the milestone to attach the issue to.", { minimum: 1 }),
      },
      ["title"],
    ),
    tags: ["bug report", "ticket", "feature request"],
    execute: inRepo((input, at) => {
      const created = issue(nextNumber(at), input.title, input.labels ?? [], FAKE_NOW, input.body);
      created.assignees = input.assignees ?? [];
      at.issues.push(created);
      return { ...created, html_url: `https://github.com/${at.owner}/${at.name}/issues/${created.number}` };
    }),
  }),
  tool({
    name: "update_issue",
    description:
      "Edit an existing issue: title, body, labels, assignees, or close and reopen it. " +
      "Only the fields you pass change; labels and assignees, when passed, replace the current sets.",
    inputSchema: repoInput(
      {
        ...issueNumberField,
        title: text("New title."),
        body: text("New Markdown body."),
        state: choice(["open", "closed"], "New state."),
        state_reason: choice(["completed", "not_planned", "reopened"], "Why the state changed."),
        labels: labelsField,
        assignees: assigneesField,
      },
      ["issue_number"],
    ),
    execute: onIssue((input, found) => {
      const { owner, repo: _repo, issue_number, ...changes } = input;
      Object.assign(found, changes, { updated_at: FAKE_NOW });
      return found;
    }),
  }),
  tool({
    name: "add_issue_comment",
    description:
      "Add a comment to an issue or pull request. " +
      "Pull requests share the issue numbering, so pass the pull request number as issue_number to comment on one.",
    inputSchema: repoInput(
      { ...issueNumberField, body: text("Comment text in Markdown.", { minLength: 1 }) },
      ["issue_number", "body"],
    ),
    execute: onIssue((input, found) => {
      const comment = { user: "toolsift-bot", body: input.body, created_at: FAKE_NOW };
      found.comments.push(comment);
      return { ...comment, id: found.number * 1000 + found.comments.length };
    }),
  }),
  tool({
    name: "list_pull_requests",
    description:
      "List pull requests in a repository, filtered by state and by head or base branch. " +
      "Returns number, title, author, branches and draft flag for each, newest first by default.",
    inputSchema: repoInput(
      {
        ...listing("Pull request", ["created", "updated", "popularity", "long-running"]),
        head: text("Only pull requests from this branch, as user:branch or branch."),
        base: branchField("Only pull requests targeting this branch."),
      },
    ),
    execute: inRepo((input, at) => {
      const hits = at.pulls.filter(
        (p) =>
          inState(input.state, p) &&
          (input.base === undefined || p.base === input.base) &&
          (input.head === undefined || input.head.endsWith(p.head)),
      );
      return paginate(hits, input.page, input.per_page);
    }),
  }),
  tool({
    name: "create_pull_request",
    description:
      "Open a pull request that proposes merging a head branch into a base branch. " +
      "Can be opened as a draft; returns the pull request number and URL.",
    inputSchema: repoInput(
      {
        title: text("Pull request title.", { examples: ["Round JPY totals to whole yen"] }),
        head: text("Branch that holds the changes; use user:branch for a fork.", { examples: ["fix/safari-checkout"] }),
        base: branchField("Branch the changes should be merged into."),
        body: text("Description in Markdown; 'Fixes #123' links and closes an issue on merge."),
        draft: flag("Open the pull request as a draft.", false),
        maintainer_can_modify: flag("Let maintainers push to the head branch.", true),
      },
      ["title", "head", "base"],
    ),
    tags: ["PR", "code review"],
    execute: inRepo((input, at) => {
      if (!at.branches.has(input.head)) return notFound("Branch", input.head);
      const created: PullRequest = {
        number: nextNumber(at),
        title: input.title,
        body: input.body ?? "",
        state: "open",
        merged: false,
        draft: input.draft ?? false,
        head: input.head,
        base: input.base,
        user: "toolsift-bot",
        created_at: FAKE_NOW,
      };
      at.pulls.push(created);
      return { ...created, html_url: `https://github.com/${at.owner}/${at.name}/pull/${created.number}` };
    }),
  }),
  tool({
    name: "merge_pull_request",
    description:
      "Merge an open pull request into its base branch with a merge commit, a squash or a rebase. " +
      "Fails when the pull request is closed, a draft, or its head moved past the given sha.",
    inputSchema: repoInput(
      {
        pull_number: integer("The pull request number.", { minimum: 1, examples: [44] }),
        merge_method: choice(["merge", "squash", "rebase"], "How to merge.", "merge"),
        commit_title: text("Title of the merge or squash commit."),
        commit_message: text("Extra detail appended to the commit message."),
        sha: text("Head sha the pull request must still be at, to avoid merging unseen commits."),
      },
      ["pull_number"],
    ),
    execute: inRepo((input, at) => {
      const pull = at.pulls.find((p) => p.number === input.pull_number);
      if (!pull) return notFound("Pull request", input.pull_number);
      if (pull.state !== "open" || pull.draft) return refused(`Pull request #${pull.number} is not mergeable.`);
      Object.assign(pull, { state: "closed", merged: true });
      const title = input.commit_title ?? `Merge pull request #${pull.number} from ${pull.head}`;
      return { merged: true, ...commit(at, pull.base, title, []) };
    }),
  }),
  tool({
    name: "get_file_contents",
    description:
      "Read a file from a repository at a branch, tag or commit. " +
      "Returns the decoded text and its blob sha, which create_or_update_file needs to overwrite the file.",
    inputSchema: repoInput(
      {
        path: text("Path of the file from the repository root.", { examples: ["README.md"] }),
        ref: text("Branch, tag or commit sha; defaults to the default branch."),
      },
      ["path"],
    ),
    execute: inRepo((input, at) => {
      const content = at.files.get(input.path);
      if (content === undefined) return notFound("File", input.path);
      return { path: input.path, size: content.length, sha: `blob-${content.length}`, encoding: "utf-8", content };
    }),
  }),
  tool({
    name: "create_or_update_file",
    description:
      "Create a file or overwrite an existing one in a single commit on a branch. " +
      "Overwriting requires the current blob sha from get_file_contents; use push_files to change several files at once.",
    inputSchema: repoInput(
      {
        path: text("Path of the file from the repository root.", { examples: ["docs/CHANGELOG.md"] }),
        content: text("The complete new file content, as plain text."),
        message: text("Commit message."),
        branch: branchField("Branch to commit to."),
        sha: text("Blob sha of the file being replaced; required when the file already exists."),
        committer: person("Who the commit is attributed to; defaults to the token's user."),
      },
      ["path", "content", "message", "branch"],
    ),
    destructive: true,
    execute: inRepo((input, at) => {
      const existing = at.files.get(input.path);
      if (existing !== undefined && input.sha !== `blob-${existing.length}`) {
        return refused(`${input.path} exists; pass its current sha (from get_file_contents) to overwrite it.`);
      }
      at.files.set(input.path, input.content);
      return commit(at, input.branch, input.message, [input.path]);
    }),
  }),
  tool({
    name: "push_files",
    description:
      "Commit several files to a branch in one commit, creating or overwriting each. " +
      "Existing files are replaced without a sha check, so read them first when their content matters.",
    inputSchema: repoInput(
      {
        branch: branchField("Branch to push to; it must exist."),
        message: text("Commit message."),
        files: list(
          obj({ path: text("Path from the repository root."), content: text("Complete file content.") }, ["path", "content"]),
          "Files to write.",
          { minItems: 1, maxItems: 100 },
        ),
      },
      ["branch", "message", "files"],
    ),
    destructive: true,
    execute: inRepo((input, at) => {
      if (!at.branches.has(input.branch)) return notFound("Branch", input.branch);
      for (const file of input.files) at.files.set(file.path, file.content);
      return commit(at, input.branch, input.message, input.files.map((f) => f.path));
    }),
  }),
  tool({
    name: "create_branch",
    description:
      "Create a new branch pointing at the tip of an existing branch. " +
      "Returns the new ref and the commit sha it starts from.",
    inputSchema: repoInput(
      {
        branch: text("Name of the new branch.", { examples: ["feature/dark-mode"] }),
        from_branch: branchField("Branch to start from; defaults to the repository's default branch."),
      },
      ["branch"],
    ),
    execute: inRepo((input, at) => {
      const sha = at.branches.get(input.from_branch ?? at.default_branch);
      if (sha === undefined) return notFound("Branch", input.from_branch ?? at.default_branch);
      if (at.branches.has(input.branch)) return refused(`Branch ${input.branch} already exists.`);
      at.branches.set(input.branch, sha);
      return { ref: `refs/heads/${input.branch}`, sha };
    }),
  }),
  tool({
    name: "list_commits",
    description:
      "List commits on a branch, newest first, optionally only those touching a path or by an author. " +
      "Each entry has sha, message, author and date.",
    inputSchema: repoInput(
      {
        sha: text("Branch name or commit sha to start listing from."),
        path: text("Only commits that touch this file path."),
        author: text("Only commits by this GitHub login or email."),
        since: dateTime("Only commits after this time."),
        until: dateTime("Only commits before this time."),
        ...pagePaging(100, 30),
      },
    ),
    execute: inRepo((input, at) => {
      const hits = at.commits.filter(
        (c) =>
          (input.path === undefined || c.paths.includes(input.path)) &&
          (input.author === undefined || c.author === input.author) &&
          (input.since === undefined || c.date >= input.since) &&
          (input.until === undefined || c.date <= input.until),
      );
      return paginate(hits, input.page, input.per_page);
    }),
  }),
  tool({
    name: "search_code",
    description:
      "Search file contents across repositories with GitHub code search syntax. " +
      "Returns matching paths with the repository they live in; narrow with repo:, path: or language: qualifiers.",
    inputSchema: obj(
      {
        q: text("Code search query, such as 'PayButton repo:acme/storefront'.", { examples: ["PayButton"] }),
        ...pagePaging(100, 30),
      },
      ["q"],
    ),
    tags: ["grep", "find in code"],
    execute: ({ q, page, per_page }) => {
      const words = q.split(/\s+/).filter((w) => !w.includes(":"));
      const hits = repos.flatMap((r) =>
        [...r.files]
          .filter(([, content]) => matchesQuery(words.join(" "), content))
          .map(([path]) => ({ repository: `${r.owner}/${r.name}`, path })),
      );
      return paginate(hits, page, per_page);
    },
  }),
];
