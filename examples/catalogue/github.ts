import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, paginate, refused } from "./fake-service.js";
import {
  choice,
  dateTime,
  flag,
  integer,
  list,
  obj,
  orNull,
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

const repo = (
  owner: string,
  name: string,
  details: Pick<Repo, "description" | "language" | "stars" | "topics">,
): Repo => ({
  owner,
  name,
  private: false,
  default_branch: "main",
  ...details,
  issues: [],
  pulls: [],
  branches: new Map([["main", "9f3c2a1"]]),
  files: new Map([["README.md", `# ${name}\n\n${details.description}\n`]]),
  commits: [
    { sha: "9f3c2a1", message: "Initial commit", author: "mira-k", date: "2025-01-10T12:00:00Z", paths: ["README.md"] },
  ],
});

const storefront = repo("acme", "storefront", {
  description: "Customer-facing web shop built with Next.js",
  language: "TypeScript",
  stars: 214,
  topics: ["ecommerce", "nextjs", "checkout"],
});
storefront.issues.push(
  issue(
    41,
    "Checkout button unresponsive on Safari 17",
    ["bug", "checkout"],
    "2025-05-20T08:14:00Z",
    "Clicking Pay does nothing.",
  ),
  issue(42, "Add a dark mode toggle to the header", ["enhancement", "ui"], "2025-05-22T16:40:00Z"),
  issue(
    43,
    "Cart total rounds incorrectly for JPY",
    ["bug", "payments"],
    "2025-05-28T11:05:00Z",
    "Yen has no minor unit.",
  ),
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
storefront.files.set(
  "src/checkout/pay-button.tsx",
  "export function PayButton() {\n  return <button>Pay</button>;\n}\n",
);

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

const issueNumberField = {
  issue_number: integer(
    "The issue number, as shown after # in the web UI and in URLs such as /issues/41. " +
      "Numbers are per repository, not global, and pull requests share the same sequence.",
    { minimum: 1, examples: [41] },
  ),
};
const labelsField = strings(
  "Label names to apply, such as bug or good first issue; matching ignores case. " +
    "Names that do not exist in the repository yet are created with a default color, which needs push access.",
  { uniqueItems: true, examples: [["bug", "checkout"]] },
);
const assigneesField = strings(
  "GitHub logins to assign, at most 10. Logins without push access to the repository are silently dropped " +
    "rather than failing the call, so read the assignees back when it matters.",
  { maxItems: 10, uniqueItems: true, examples: [["devon-r"]] },
);
const milestoneField = (verb: string) =>
  integer(
    `Number of the milestone to ${verb}; the number appears in the milestone's URL (/milestone/3), not its title. ` +
      "The milestone must be open. Needs push access; without it the value is ignored.",
    { minimum: 1, examples: [3] },
  );
const issueTypeField = text(
  "Issue type name defined by the organization, such as Bug, Feature or Task. " +
    "Only repositories owned by an organization with issue types enabled accept it; elsewhere the call fails.",
  { examples: ["Bug"] },
);
const sortDirection = choice(
  ["asc", "desc"],
  "Sort direction: desc puts the newest or largest first, asc the oldest or smallest, for the field named by sort.",
  "desc",
);
const branchField = (description: string) => text(description, { examples: ["main"] });
const commitMessageField = text(
  "Commit message. The first line is the summary shown in history (keep it under about 72 characters); " +
    "a blank line and a longer body may follow.",
  { minLength: 1, examples: ["docs: note the Safari checkout fix"] },
);

/** The filters and paging shared by the issue and pull request listings. */
const listing = <const S extends readonly [string, ...string[]]>(noun: string, sorts: S) => ({
  state: choice(
    ["open", "closed", "all"],
    `${noun} state to include. closed covers every way of closing; all returns both, which is what a full history needs.`,
    "open",
  ),
  sort: choice(sorts, `Field to order ${noun.toLowerCase()}s by. ${sorts[0]} uses the creation time.`, sorts[0]),
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
      "Search GitHub repositories by keywords and search qualifiers. " +
      "Returns full name, description, primary language, star count, topics and URL for each hit, best match " +
      "first, along with a total_count of all matches. " +
      "The search API allows about 30 requests a minute and never returns more than 1,000 results for one query, " +
      "so narrow the query with qualifiers rather than paging deep. " +
      "Private repositories appear only when the token can read them. " +
      "Use get_repository instead when you already know the owner and the name.",
    inputSchema: obj(
      {
        query: text(
          "Search keywords plus optional qualifiers: user:acme or org:acme for an owner, language:go, topic:payments, " +
            "stars:>100, pushed:>2025-01-01, archived:false, fork:true and is:public or is:private. " +
            'Separate terms with spaces; quote phrases, such as "payment orchestration".',
          { minLength: 1, maxLength: 256, examples: ["payments"] },
        ),
        sort: choice(
          ["best-match", "stars", "forks", "help-wanted-issues", "updated"],
          "Field to sort by. best-match ranks by relevance and ignores order; updated uses the last push.",
          "best-match",
        ),
        order: choice(
          ["asc", "desc"],
          "Sort direction for every sort except best-match, which always ranks by relevance.",
          "desc",
        ),
        minimal_output: flag(
          "Return only the summary fields listed above. Set false to get the full repository objects, with owner " +
            "details, permissions and every URL, at several times the size.",
          true,
        ),
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
      "Get one repository's details by owner and name. " +
      "Returns description, visibility, default branch, primary language, topics, star count, open issue count " +
      "and the web URL, which is what most follow-up tools need to know first (the default branch in particular). " +
      " " +
      "A repository that does not exist and a private one the token cannot see both answer not-found, so check " +
      "the spelling before concluding that access is missing. " +
      "Public repositories need no scope; private ones need repo, or metadata:read on a fine-grained token. " +
      "Archived repositories are read-only, so issues, pushes and merges on them fail with 403 until they are unarchived.",
    inputSchema: repoInput({}),
    execute: inRepo((_input, at) => summary(at)),
  }),
  tool({
    name: "create_repository",
    description:
      "Create a repository for the authenticated user or in an organization. " +
      "It can start with a README, a .gitignore template and a license, and with its features and merge options " +
      "set up front, which saves several settings calls afterwards. " +
      "Returns the new repository with its full name, default branch and URL. " +
      "Creating in an organization needs a member role that is allowed to create repositories there, and " +
      "organizations may restrict which visibilities members can choose. " +
      "The name must be unused for that owner, and a repository that was just deleted can block its name for a short while.",
    inputSchema: obj(
      {
        name: text(
          "Repository name. Letters, digits, '.', '-' and '_' only, at most 100 characters; other characters are " +
            "replaced with '-' by GitHub, so pick a clean name rather than relying on that.",
          { pattern: "^[A-Za-z0-9._-]+$", maxLength: 100, examples: ["design-tokens"] },
        ),
        description: text("One-line description shown under the name on the repository page and in search results.", {
          maxLength: 350,
        }),
        homepage: text("URL of the project's website, shown next to the description.", { format: "uri" }),
        org: text(
          "Organization to create the repository in. Omit it to create a personal repository for the token's user.",
          { examples: ["acme"] },
        ),
        private: flag(
          "Create a private repository. Organizations may forbid public ones, in which case false fails.",
          false,
        ),
        visibility: choice(
          ["public", "private", "internal"],
          "Visibility, overriding private when given. internal (visible to every member of the enterprise) exists " +
            "only for organizations on GitHub Enterprise Cloud.",
        ),
        has_issues: flag(
          "Enable the Issues tab. Turning it off later hides existing issues without deleting them.",
          true,
        ),
        has_projects: flag("Enable classic repository projects; organization-level Projects work either way.", true),
        has_wiki: flag("Enable the wiki. Wikis of private repositories need a paid plan.", true),
        has_discussions: flag(
          "Enable Discussions, a forum for questions and ideas that are not actionable issues.",
          false,
        ),
        is_template: flag("Mark the repository as a template others can generate new repositories from.", false),
        auto_init: flag(
          "Create an initial commit with a README. Needed when gitignore_template or license_template is given.",
          true,
        ),
        gitignore_template: text(
          "Name of a .gitignore template from github/gitignore, without the extension, such as Node, Go or Python. " +
            "Case-sensitive.",
          { examples: ["Node"] },
        ),
        license_template: choice(
          ["mit", "apache-2.0", "gpl-3.0", "agpl-3.0", "bsd-3-clause", "mpl-2.0", "unlicense"],
          "License keyword; the LICENSE file is committed with the owner's name and the current year.",
        ),
        delete_branch_on_merge: flag("Delete head branches automatically once their pull request is merged.", false),
        allow_merge_commit: flag(
          "Allow merging pull requests with a merge commit, which keeps every commit of the branch.",
          true,
        ),
        allow_squash_merge: flag(
          "Allow squash merges, which fold a pull request into one commit on the base branch.",
          true,
        ),
        allow_rebase_merge: flag(
          "Allow rebase merges, which replay a pull request's commits onto the base without a merge commit.",
          true,
        ),
        allow_auto_merge: flag(
          "Let pull requests be set to merge automatically once required reviews and checks pass.",
          false,
        ),
      },
      ["name"],
    ),
    execute: (input) => {
      const owner = input.org ?? "acme";
      if (repos.some((r) => r.owner === owner && r.name === input.name)) {
        return refused(`Repository ${owner}/${input.name} already exists; pick another name.`);
      }
      const created = repo(owner, input.name, {
        description: input.description ?? "",
        language: "",
        stars: 0,
        topics: [],
      });
      created.private = input.visibility === undefined ? (input.private ?? false) : input.visibility !== "public";
      repos.push(created);
      return summary(created);
    },
  }),
  tool({
    name: "delete_repository",
    description:
      "Permanently delete a repository with its issues, pull requests, wiki and releases. " +
      "This cannot be undone through the API: forks of a public repository survive as independent repositories, " +
      "but everything stored in this one is gone. " +
      "Needs admin rights on the repository and a token with the delete_repo scope, and organization owners may " +
      "have disabled deletion for members altogether. " +
      "Confirm the exact owner/repo with the user before calling it. " +
      "Archiving the repository instead keeps its history and issues readable and is usually what a clean-up really wants.",
    inputSchema: repoInput({}),
    destructive: true,
    execute: inRepo((_input, found) => {
      repos.splice(repos.indexOf(found), 1);
      return { deleted: `${found.owner}/${found.name}` };
    }),
  }),
  tool({
    name: "list_issues",
    description:
      "List a repository's issues, filtered by state, labels, assignee, milestone and date. " +
      "Pull requests are left out even though GitHub stores them as issues. " +
      "Each item has number, title, state, labels, assignees, author, comment count and timestamps, but not the " +
      "body: fetch that with get_issue when it matters. " +
      "Results are paginated and sorted by creation time, newest first, unless sort and direction say otherwise; " +
      "since is the cheap way to see what changed lately. " +
      "For free-text search across titles and bodies, a search query is better than paging through every issue.",
    inputSchema: repoInput({
      ...listing("Issue", ["created", "updated", "comments"]),
      labels: strings(
        "Only issues that carry all of these labels (an AND, not an OR). Label names are matched without regard to case.",
        { uniqueItems: true, examples: [["bug"]] },
      ),
      assignee: text(
        "Only issues assigned to this login. Use * for issues with any assignee and none for unassigned issues.",
        { examples: ["devon-r"] },
      ),
      creator: text(
        "Only issues opened by this login; apps are written with a [bot] suffix, such as dependabot[bot].",
        {
          examples: ["mira-k"],
        },
      ),
      mentioned: text("Only issues that @-mention this login in the body or a comment."),
      milestone: text(
        "Only issues in this milestone, given by its number as a string; * matches any milestone and none matches issues " +
          "without one.",
        { examples: ["3"] },
      ),
      type: text(
        "Only issues of this organization issue type, such as Bug; * for any type and none for untyped issues.",
      ),
      since: dateTime(
        "Only issues updated at or after this time, as an ISO 8601 timestamp such as 2025-05-01T00:00:00Z. " +
          "Comments count as updates, so an old issue with a new comment is included.",
      ),
    }),
    execute: inRepo((input, at) => {
      const hits = at.issues.filter(
        (i) =>
          inState(input.state, i) &&
          (input.labels ?? []).every((l) => i.labels.includes(l)) &&
          (input.creator === undefined || i.user === input.creator) &&
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
      "The body and comments are GitHub-flavoured Markdown exactly as written, including task lists, mentions and " +
      "references to other issues. " +
      "Pull request numbers answer too, since pull requests are issues underneath, but their diff, reviews and " +
      "check results are not included. " +
      "An issue moved to another repository answers with a redirect to its new home, and a deleted one with 410 Gone. " +
      "Use list_issues to find the number when only the title is known.",
    inputSchema: repoInput(issueNumberField, ["issue_number"]),
    execute: onIssue((_input, found) => found),
  }),
  tool({
    name: "create_issue",
    description:
      "Open a new issue in a repository. " +
      "Takes a title and a Markdown body, and optionally labels, assignees, a milestone and an organization issue " +
      "type; returns the created issue with its number and html_url. " +
      "Anyone who can read a public repository may open issues, but labels, assignees, milestone and type need " +
      "push access and are dropped silently without it. " +
      "Search the open issues first to avoid filing a duplicate, and put reproduction steps in the body rather " +
      "than in the title. " +
      "Repositories with issue forms or templates still accept a free-form body through the API.",
    inputSchema: repoInput(
      {
        title: text("Issue title: a short summary of the bug or request, shown in every list.", {
          minLength: 1,
          maxLength: 256,
          examples: ["Search results ignore the locale"],
        }),
        body: text(
          "Issue body in GitHub-flavoured Markdown: steps to reproduce, expected and actual behaviour, environment. " +
            "'- [ ]' lines become a task list, @login notifies a person and #123 links another issue. At most 65,536 characters.",
          { maxLength: 65536 },
        ),
        labels: labelsField,
        assignees: assigneesField,
        milestone: milestoneField("attach the issue to"),
        type: issueTypeField,
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
      "Edit an issue: title, body, labels, assignees, milestone or type, or close and reopen it. " +
      "Only the fields you pass change, but labels and assignees, when passed, replace the current sets: read the " +
      "issue first and send the full list to add a single label. " +
      "Closing takes a state_reason, and not_planned and duplicate show differently from completed in the UI and in reports. " +
      "Needs push access to the repository, except that an issue's own author may edit its title and body. " +
      "Use add_issue_comment to explain a change; editing the body rewrites what others already read.",
    inputSchema: repoInput(
      {
        ...issueNumberField,
        title: text("New title, at most 256 characters; leave it out to keep the current one.", {
          minLength: 1,
          maxLength: 256,
        }),
        body: text("New Markdown body. It replaces the whole body; there is no append, so include the text to keep."),
        state: choice(
          ["open", "closed"],
          "New state. Closing notifies subscribers; reopening a closed issue clears its state_reason.",
        ),
        state_reason: choice(
          ["completed", "not_planned", "duplicate", "reopened"],
          "Why the state changed. Only meaningful together with state; duplicate expects duplicate_of as well.",
        ),
        duplicate_of: integer("With state_reason duplicate, the number of the issue this one duplicates.", {
          minimum: 1,
        }),
        labels: labelsField,
        assignees: assigneesField,
        milestone: orNull(milestoneField("move the issue to; null removes it from its milestone")),
        type: orNull(issueTypeField),
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
      "Pull requests share the issue numbering, so pass a pull request's number as issue_number to comment on its " +
      "conversation tab; comments on particular lines of a diff need a review tool instead. " +
      "Returns the new comment's id and creation time. " +
      "Locked conversations accept comments only from collaborators, and every subscriber is notified of each comment. " +
      "Post one complete comment rather than several small ones in a row.",
    inputSchema: repoInput(
      {
        ...issueNumberField,
        body: text(
          "Comment text in GitHub-flavoured Markdown, at most 65,536 characters. " +
            "Quote earlier text with '>' lines; 'Fixes #12' in a comment does not close anything, only in a pull request body.",
          { minLength: 1, maxLength: 65536, examples: ["Reproduced on Safari 17.4; the click handler never fires."] },
        ),
      },
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
      "List a repository's pull requests, filtered by state and by head or base branch. " +
      "Returns number, title, author, head and base branch, draft flag, merged flag and creation time for each, " +
      "newest first by default. " +
      "The diff, the review state and the check results are not included, and merged pull requests count as " +
      "closed, so filter on merged when that difference matters. " +
      "To find the pull request for a branch, filter by head rather than paging through all of them. " +
      "Draft pull requests are listed together with the others.",
    inputSchema: repoInput({
      ...listing("Pull request", ["created", "updated", "popularity", "long-running"]),
      head: text(
        "Only pull requests from this head branch, written user:branch or organization:branch (for example " +
          "acme:fix/safari-checkout); a bare branch name is taken from the base repository's owner.",
        { examples: ["acme:fix/safari-checkout"] },
      ),
      base: branchField(
        "Only pull requests that target this base branch, such as main or a release branch; a bare name, without refs/heads/.",
      ),
    }),
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
      "The head branch must already exist on GitHub and differ from the base: create it with create_branch and " +
      "commit to it with push_files first. " +
      "It can be opened as a draft, which blocks merging and holds back review requests until it is marked ready. " +
      " " +
      "Returns the pull request number and html_url; a 'Fixes #41' line in the body closes that issue once the " +
      "pull request is merged into the default branch. " +
      "Fails when an open pull request for the same head and base already exists.",
    inputSchema: repoInput(
      {
        title: text("Pull request title, shown in lists and used as the default squash commit title.", {
          minLength: 1,
          maxLength: 256,
          examples: ["Round JPY totals to whole yen"],
        }),
        head: text(
          "Branch that holds the changes. For a branch in a fork, write owner:branch (or pass head_repo); " +
            "for a branch in the same repository the plain name is enough.",
          { examples: ["fix/safari-checkout"] },
        ),
        head_repo: text(
          "Name of the repository that holds head, when it is a fork owned by a different account than the base.",
        ),
        base: branchField(
          "Branch the changes should be merged into, usually the default branch; it must exist in the base repository.",
        ),
        body: text(
          "Description in GitHub-flavoured Markdown: what changed, why, and how it was tested. " +
            "'Fixes #123', 'Closes #123' or 'Resolves #123' links the issue and closes it on merge.",
          { maxLength: 65536 },
        ),
        issue: integer(
          "Number of an existing issue to turn into this pull request, keeping its conversation; replaces title and " +
            "body. Rarely needed: linking with 'Fixes #N' in body is the usual way.",
          { minimum: 1 },
        ),
        draft: flag(
          "Open the pull request as a draft: reviewers are not requested and it cannot be merged yet.",
          false,
        ),
        maintainer_can_modify: flag(
          "Let maintainers of the base repository push to the head branch. Only applies to pull requests from forks.",
          true,
        ),
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
      "Merge an open pull request into its base branch as a merge commit, a squash or a rebase. " +
      "Fails when the pull request is closed or a draft, has conflicts, lacks required reviews or checks, or when " +
      "its head moved past the sha you pass. " +
      "Which methods are allowed is a repository setting, and a disallowed one fails with 405. " +
      "Returns the merge commit sha; needs push access to the base branch, and branch protection may demand more. " +
      " " +
      "The head branch stays unless the repository deletes branches on merge.",
    inputSchema: repoInput(
      {
        pull_number: integer(
          "The pull request number, as shown after # in its URL and in list_pull_requests; it shares one sequence with issues.",
          { minimum: 1, examples: [44] },
        ),
        merge_method: choice(
          ["merge", "squash", "rebase"],
          "How to merge: merge adds a merge commit, squash folds every commit into one, rebase replays them onto the " +
            "base without a merge commit.",
          "merge",
        ),
        commit_title: text(
          "Title of the merge or squash commit. Defaults to the pull request title (squash) or 'Merge pull request #N " +
            "from branch' (merge); ignored for rebase.",
        ),
        commit_message: text("Extra detail appended to the commit message. Ignored for rebase merges."),
        sha: text(
          "Head sha the pull request must still be at. If someone pushed since you looked, the merge fails with 409 " +
            "instead of merging commits you have not seen.",
          { pattern: "^[0-9a-f]{7,40}$" },
        ),
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
      "Returns the decoded text, its size and its blob sha, which create_or_update_file needs to overwrite the file safely. " +
      "Files over 1 MB are not returned inline and binary files come back base64-encoded, so check the size " +
      "before reading large assets. " +
      "A path that names a directory answers with a listing of its entries instead of content. " +
      "Private repositories need the repo scope, or contents:read on a fine-grained token.",
    inputSchema: repoInput(
      {
        path: text(
          "Path of the file from the repository root, with forward slashes and no leading slash, such as " +
            "src/checkout/pay-button.tsx. Case-sensitive.",
          { examples: ["README.md"] },
        ),
        ref: text(
          "Branch name, tag name or commit sha to read from. Defaults to the repository's default branch; " +
            "a full ref such as refs/heads/main also works.",
          { examples: ["main"] },
        ),
        sha: text(
          "Commit sha to read at, for a stable view that later pushes cannot change; takes precedence over ref when both are given.",
          { pattern: "^[0-9a-f]{7,40}$" },
        ),
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
      "Overwriting needs the file's current blob sha from get_file_contents; a stale sha fails with 409, which " +
      "protects edits someone made in the meantime. " +
      "Returns the new commit's sha and URL. " +
      "To change several files in one commit use push_files, which keeps history readable and triggers CI once. " +
      "Needs push access, and a protected branch may refuse direct commits altogether, in which case commit to a " +
      "new branch and open a pull request.",
    inputSchema: repoInput(
      {
        path: text(
          "Path of the file from the repository root, with forward slashes; missing directories are created.",
          {
            examples: ["docs/CHANGELOG.md"],
          },
        ),
        content: text(
          "The complete new file content as plain text; it replaces the whole file. " +
            "The server base64-encodes it for the API, so do not encode it yourself.",
        ),
        message: commitMessageField,
        branch: branchField(
          "Branch to commit to. It must exist; create it first with create_branch to propose the change in a pull request.",
        ),
        sha: text(
          "Blob sha of the file being replaced, from get_file_contents. Required when the file exists, and must be " +
            "left out when creating a new file.",
        ),
        committer: person("Who commits; defaults to the token's user. Give name and email together."),
        author: person("Who wrote the change, when not the committer; defaults to the committer."),
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
      "Existing files are replaced without a sha check, so read them first when their current content matters. " +
      "The whole commit succeeds or fails together, and CI runs once for it. " +
      "Returns the commit sha and URL; deleting files is not supported here, and a call takes at most 100 files. " +
      "Protected branches may refuse direct pushes: push to a new branch and open a pull request instead.",
    inputSchema: repoInput(
      {
        branch: branchField("Branch to push to. It must exist; the commit is added on top of its current tip."),
        message: commitMessageField,
        files: list(
          obj(
            {
              path: text(
                "Path from the repository root, with forward slashes and no leading slash; missing directories are created.",
                {
                  examples: ["src/checkout/cart.ts"],
                },
              ),
              content: text("Complete file content, not a diff; it replaces the file if it exists."),
              encoding: choice(
                ["utf-8", "base64"],
                "How content is encoded. Use base64 for binary files such as images; utf-8 for text.",
                "utf-8",
              ),
              mode: choice(
                ["100644", "100755", "120000"],
                "Git file mode: 100644 for a normal file, 100755 for an executable, 120000 for a symlink whose content " +
                  "is the link target.",
                "100644",
              ),
            },
            ["path", "content"],
          ),
          "Files to write, each with its full content. Paths must be unique within the call.",
          { minItems: 1, maxItems: 100 },
        ),
      },
      ["branch", "message", "files"],
    ),
    destructive: true,
    execute: inRepo((input, at) => {
      if (!at.branches.has(input.branch)) return notFound("Branch", input.branch);
      for (const file of input.files) at.files.set(file.path, file.content);
      return commit(
        at,
        input.branch,
        input.message,
        input.files.map((f) => f.path),
      );
    }),
  }),
  tool({
    name: "create_branch",
    description:
      "Create a new branch pointing at the tip of an existing branch or at a given commit. " +
      "Returns the new ref and the sha it starts from. " +
      "Nothing is copied: the branch is just a new name for that commit until something is committed to it, so " +
      "creating branches is cheap. " +
      "Fails when the branch already exists; names follow git's rules, with no spaces, no '..' and no trailing slash. " +
      "Branch protection rules that match the new name apply to it from the start.",
    inputSchema: repoInput(
      {
        branch: text(
          "Name of the new branch, without refs/heads/; slashes group branches, as in fix/safari-checkout.",
          {
            examples: ["feature/dark-mode"],
          },
        ),
        from_branch: branchField(
          "Branch whose current tip the new branch starts from. Defaults to the repository's default branch.",
        ),
        sha: text("Commit sha to start from instead of a branch tip; overrides from_branch.", {
          pattern: "^[0-9a-f]{7,40}$",
        }),
      },
      ["branch"],
    ),
    execute: inRepo((input, at) => {
      const sha = input.sha ?? at.branches.get(input.from_branch ?? at.default_branch);
      if (sha === undefined) return notFound("Branch", input.from_branch ?? at.default_branch);
      if (at.branches.has(input.branch)) return refused(`Branch ${input.branch} already exists.`);
      at.branches.set(input.branch, sha);
      return { ref: `refs/heads/${input.branch}`, sha };
    }),
  }),
  tool({
    name: "list_commits",
    description:
      "List commits on a branch, newest first, optionally filtered by path, author or date range. " +
      "Each entry has sha, message, author and date; the changed files are not listed, so fetch a single commit " +
      "when you need its diff. " +
      "The path filter does not follow renames, so the history stops at the commit that created the file under " +
      "its current name. " +
      "Commits are dated by their author date, which a rebase keeps, so since and until may surprise on rebased branches. " +
      "Paginate with page and per_page; the total is not reported.",
    inputSchema: repoInput({
      sha: text("Branch name, tag or commit sha to start listing from. Defaults to the default branch.", {
        examples: ["main"],
      }),
      path: text("Only commits that change this file or directory path, relative to the repository root."),
      author: text(
        "Only commits whose author matches this GitHub login or email address. " +
          "Commits made with an email not linked to an account match only by email.",
      ),
      committer: text(
        "Only commits whose committer (who applied the change, such as after a rebase) matches this login or email.",
      ),
      since: dateTime("Only commits dated at or after this ISO 8601 time, such as 2025-05-01T00:00:00Z."),
      until: dateTime(
        "Only commits dated at or before this ISO 8601 time; with since it selects a window such as one release.",
      ),
      ...pagePaging(100, 30),
    }),
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
      "Returns the path of each matching file and the repository it lives in, but not the matching lines: read " +
      "the file with get_file_contents to see them. " +
      "Only the default branch is indexed, and files over 384 KB, vendored code and forks with few stars may be skipped. " +
      "Code search allows about 10 requests a minute, so write one precise query with repo:, path: or language: " +
      "instead of many broad ones. " +
      "Results are ordered by relevance.",
    inputSchema: obj(
      {
        q: text(
          'Code search query: words or "exact phrases" plus qualifiers such as repo:acme/storefront, org:acme, ' +
            "path:src/checkout, language:typescript, extension:tsx or filename:package.json. " +
            "At least one plain search term is required besides the qualifiers.",
          { minLength: 1, maxLength: 256, examples: ["PayButton"] },
        ),
        sort: choice(["indexed"], "Sort by when the file was last indexed instead of by relevance; rarely useful."),
        order: choice(
          ["asc", "desc"],
          "Direction for sort=indexed, newest first by default; ignored for relevance order.",
          "desc",
        ),
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
