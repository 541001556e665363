import { posix } from "node:path";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { isToolOutput } from "../../src/catalogue/tool-output.js";
import { FAKE_NOW, notFound, refused } from "./fake-service.js";
import { choice, flag, integer, list, obj, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

/** The one directory the fake server is allowed to touch, like a real server started with one root. */
const ROOT = "/workspace";

interface FileEntry {
  content: string;
  modified: string;
}

const files = new Map<string, FileEntry>(
  Object.entries({
    "README.md": "# storefront\n\nRun `npm run dev` and open http://localhost:3000.\n",
    "package.json": '{\n  "name": "storefront",\n  "scripts": { "dev": "next dev", "test": "vitest" }\n}\n',
    ".env.example": "STRIPE_KEY=\nDATABASE_URL=postgres://localhost/shop\n",
    "src/checkout/pay-button.tsx": "export function PayButton() {\n  return <button>Pay</button>;\n}\n",
    "src/checkout/cart.ts": "export const total = (items: { cents: number }[]) =>\n  items.reduce((s, i) => s + i.cents, 0);\n",
    "docs/runbook.md": "# Runbook\n\n1. Check the deploy channel.\n2. Roll back with `make rollback`.\n",
    "tmp/scratch.txt": "notes from the incident call\n",
  }).map(([path, content]) => [`${ROOT}/${path}`, { content, modified: "2025-05-30T12:00:00Z" }]),
);
const directories = new Set([ROOT]);
for (const path of files.keys()) for (let dir = posix.dirname(path); dir !== ROOT; dir = posix.dirname(dir)) directories.add(dir);

/** Resolves a path against the root and refuses anything that escapes it, as real servers must. */
function resolve(path: string): string | undefined {
  const absolute = posix.resolve(ROOT, path);
  return absolute === ROOT || absolute.startsWith(`${ROOT}/`) ? absolute : undefined;
}
const outside = (path: string) => refused(`Access denied: ${path} is outside the allowed directory ${ROOT}.`);

/** An `execute` for tools that take one `path`: resolves it inside the root, then runs `use` on it. */
const onPath =
  <I extends { path: string }>(use: (input: I, path: string, entry: FileEntry | undefined) => unknown) =>
  (input: I) => {
    const path = resolve(input.path);
    return path === undefined ? outside(input.path) : use(input, path, files.get(path));
  };
/** Like `onPath`, but the path must name an existing file. */
const onExistingFile = <I extends { path: string }>(use: (input: I, path: string, entry: FileEntry) => unknown) =>
  onPath<I>((input, path, entry) => (entry ? use(input, path, entry) : notFound("File", input.path)));

const children = (dir: string) => {
  const prefix = `${dir}/`;
  const direct = (p: string) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/");
  const entry = (path: string, type: "file" | "directory", size: number) => ({ name: posix.basename(path), type, size });
  return [
    ...[...directories].filter(direct).map((p) => entry(p, "directory", 0)),
    ...[...files].filter(([p]) => direct(p)).map(([p, f]) => entry(p, "file", f.content.length)),
  ];
};

/** Turns a glob (`*`, `**`, `?`) into a regular expression over paths relative to the search root. */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\/?/g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replace(/\?/g, "[^/]")
    .replace(/\u0000/g, "(?:.*/)?");
  return new RegExp(`^${source.includes("/") ? "" : "(?:.*/)?"}${source}$`);
}

function writeFile(path: string, content: string, createParents = false) {
  const parent = posix.dirname(path);
  if (!directories.has(parent)) {
    if (!createParents) return notFound("Directory", parent);
    for (let dir = parent; !directories.has(dir); dir = posix.dirname(dir)) directories.add(dir);
  }
  const existed = files.has(path);
  files.set(path, { content, modified: FAKE_NOW });
  return { path, bytes: Buffer.byteLength(content), created: !existed };
}

const pathField = (description: string, example: string) => ({ path: text(description, { examples: [example] }) });
const excludeField = {
  exclude_patterns: strings("Glob patterns to skip, such as node_modules or **/*.log.", { examples: [["node_modules"]] }),
};

const tool = serverTools("filesystem");

/** Tools of a filesystem MCP server, confined to /workspace of an in-memory tree. */
export const filesystemTools: ToolDefinition[] = [
  tool({
    name: "list_allowed_directories",
    description:
      "List the directories this server may read and write. " +
      "Every path given to the other tools must lie inside one of them; relative paths resolve against the first.",
    inputSchema: obj({}),
    execute: () => ({ allowed_directories: [ROOT] }),
  }),
  tool({
    name: "read_file",
    description:
      "Read the complete contents of a text file, or only its first or last lines. " +
      "Binary files should be read with encoding base64; use read_multiple_files to read several at once.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to read.", "README.md"),
        encoding: choice(["utf-8", "base64"], "How to return the content.", "utf-8"),
        head: integer("Return only the first N lines.", { minimum: 1 }),
        tail: integer("Return only the last N lines.", { minimum: 1 }),
      },
      ["path"],
    ),
    tags: ["open file", "cat", "view"],
    execute: onExistingFile((input, path, entry) => {
      if (input.head !== undefined && input.tail !== undefined) return refused("Pass head or tail, not both.");
      const lines = entry.content.split("\n");
      const cut = input.head ? lines.slice(0, input.head) : input.tail ? lines.slice(-input.tail) : lines;
      const content = cut.join("\n");
      return { path, content: input.encoding === "base64" ? Buffer.from(content).toString("base64") : content };
    }),
  }),
  tool({
    name: "read_multiple_files",
    description:
      "Read several text files in one call, returning each file's content or its individual error. " +
      "One missing file does not fail the whole call.",
    inputSchema: obj(
      { paths: strings("Paths of the files to read.", { minItems: 1, maxItems: 50, examples: [["README.md", "package.json"]] }) },
      ["paths"],
    ),
    execute: (input) =>
      input.paths.map((path) => {
        const absolute = resolve(path);
        const entry = absolute === undefined ? undefined : files.get(absolute);
        return entry ? { path: absolute, content: entry.content } : { path, error: "not found or outside the allowed directory" };
      }),
  }),
  tool({
    name: "write_file",
    description:
      "Write a text file, creating it or completely overwriting an existing one. " +
      "The previous content is lost; use edit_file for targeted changes to an existing file.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to write.", "docs/todo.md"),
        content: text("The full new content of the file."),
        create_parents: flag("Create missing parent directories.", false),
      },
      ["path", "content"],
    ),
    destructive: true,
    tags: ["save", "create file"],
    execute: onPath((input, path) => writeFile(path, input.content, input.create_parents)),
  }),
  tool({
    name: "edit_file",
    description:
      "Apply exact text replacements to a file and return a diff of the change. " +
      "Each oldText must occur exactly once; with dryRun the diff is returned and the file is left unchanged.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to edit.", "src/checkout/pay-button.tsx"),
        edits: list(
          obj(
            {
              oldText: text("Text to find; must match exactly once, whitespace included.", { examples: ["<button>Pay</button>"] }),
              newText: text("Replacement text.", { examples: ['<button type="submit">Pay</button>'] }),
            },
            ["oldText", "newText"],
          ),
          "Replacements, applied in order.",
          { minItems: 1 },
        ),
        dryRun: flag("Preview the diff without writing.", false),
      },
      ["path", "edits"],
    ),
    execute: onExistingFile((input, path, entry) => {
      let content = entry.content;
      const diff: string[] = [];
      for (const edit of input.edits) {
        const count = content.split(edit.oldText).length - 1;
        if (count !== 1) return refused(`oldText must occur exactly once in ${path}; found ${count}: ${edit.oldText}`);
        content = content.replace(edit.oldText, edit.newText);
        diff.push(`- ${edit.oldText}`, `+ ${edit.newText}`);
      }
      if (!input.dryRun) files.set(path, { content, modified: FAKE_NOW });
      return { path, applied: !input.dryRun, diff: diff.join("\n") };
    }),
  }),
  tool({
    name: "create_directory",
    description:
      "Create a directory, including any missing parents; succeeds quietly when it already exists. " +
      "Returns the absolute path created.",
    inputSchema: obj({ ...pathField("Path of the directory to create.", "docs/adr") }, ["path"]),
    execute: onPath((_input, path, entry) => {
      if (entry) return refused(`${path} is a file.`);
      for (let dir = path; !directories.has(dir); dir = posix.dirname(dir)) directories.add(dir);
      return { created: path };
    }),
  }),
  tool({
    name: "list_directory",
    description:
      "List the files and subdirectories directly inside a directory, with type and size. " +
      "For a recursive view use directory_tree.",
    inputSchema: obj(
      {
        ...pathField("Directory to list.", "src/checkout"),
        include_hidden: flag("Include entries whose names start with a dot.", false),
        sort_by: choice(["name", "size"], "Order of the entries.", "name"),
      },
      ["path"],
    ),
    tags: ["ls", "browse"],
    execute: onPath((input, path) => {
      if (!directories.has(path)) return notFound("Directory", input.path);
      const entries = children(path).filter((e) => input.include_hidden || !e.name.startsWith("."));
      return entries.sort((a, b) => (input.sort_by === "size" ? b.size - a.size : a.name.localeCompare(b.name)));
    }),
  }),
  tool({
    name: "directory_tree",
    description:
      "Return a recursive JSON tree of the files and directories under a path. " +
      "Limit max_depth on large trees, and exclude build output and dependencies to keep the answer small.",
    inputSchema: obj(
      {
        ...pathField("Root of the tree.", "."),
        max_depth: integer("How many levels to descend.", { minimum: 1, maximum: 20, default: 5 }),
        ...excludeField,
      },
      ["path"],
    ),
    execute: onPath((input, root) => {
      const excluded = (input.exclude_patterns ?? []).map(globToRegExp);
      type Node = { name: string; type: "file" | "directory"; children?: Node[] };
      const walk = (dir: string, depth: number): Node[] =>
        children(dir)
          .filter((e) => !excluded.some((re) => re.test(posix.relative(root, `${dir}/${e.name}`))))
          .map((e) =>
            e.type === "directory" && depth < (input.max_depth ?? 5)
              ? { name: e.name, type: e.type, children: walk(`${dir}/${e.name}`, depth + 1) }
              : { name: e.name, type: e.type },
          );
      return directories.has(root) ? walk(root, 1) : notFound("Directory", input.path);
    }),
  }),
  tool({
    name: "move_file",
    description:
      "Move or rename a file. " +
      "Fails when the destination exists unless overwrite is set, in which case the destination's content is replaced.",
    inputSchema: obj(
      {
        source: text("Current path of the file.", { examples: ["tmp/scratch.txt"] }),
        destination: text("New path of the file.", { examples: ["docs/incident-notes.txt"] }),
        overwrite: flag("Replace the destination if it exists.", false),
      },
      ["source", "destination"],
    ),
    destructive: true,
    execute: (input) => {
      const [from, to] = [resolve(input.source), resolve(input.destination)];
      if (from === undefined) return outside(input.source);
      if (to === undefined) return outside(input.destination);
      const entry = files.get(from);
      if (!entry) return notFound("File", input.source);
      if (files.has(to) && !input.overwrite) return refused(`${to} exists; pass overwrite to replace it.`);
      const written = writeFile(to, entry.content);
      if (isToolOutput(written)) return written;
      files.delete(from);
      return { moved: from, to };
    },
  }),
  tool({
    name: "search_files",
    description:
      "Find files whose path matches a glob pattern, searching recursively from a directory. " +
      "Returns matching paths only; read_file gets their content.",
    inputSchema: obj(
      {
        ...pathField("Directory to search from.", "."),
        pattern: text("Glob pattern, such as **/*.tsx or *.md.", { examples: ["**/*.tsx"] }),
        ...excludeField,
        max_results: integer("Stop after this many matches.", { minimum: 1, maximum: 10000, default: 200 }),
      },
      ["path", "pattern"],
    ),
    tags: ["find", "glob", "locate"],
    execute: onPath((input, root) => {
      const [wanted, excluded] = [globToRegExp(input.pattern), (input.exclude_patterns ?? []).map(globToRegExp)];
      const relative = [...files.keys()].map((p) => posix.relative(root, p)).filter((p) => !p.startsWith(".."));
      const hits = relative.filter((p) => wanted.test(p) && !excluded.some((re) => re.test(p)));
      return { matches: hits.slice(0, input.max_results ?? 200).map((p) => posix.join(root, p)), total: hits.length };
    }),
  }),
  tool({
    name: "get_file_info",
    description:
      "Get metadata about a file or directory: type, size, modification time and permissions. " +
      "Does not read the content.",
    inputSchema: obj({ ...pathField("Path to inspect.", "package.json") }, ["path"]),
    execute: onPath((input, path, entry) => {
      if (directories.has(path)) return { path, type: "directory", permissions: "drwxr-xr-x" };
      if (!entry) return notFound("File", input.path);
      return { path, type: "file", size: entry.content.length, modified: entry.modified, permissions: "-rw-r--r--" };
    }),
  }),
  tool({
    name: "delete_file",
    description:
      "Delete a file permanently; there is no trash to restore it from. " +
      "Directories are refused; remove their files first.",
    inputSchema: obj({ ...pathField("Path of the file to delete.", "tmp/scratch.txt") }, ["path"]),
    destructive: true,
    tags: ["remove", "rm"],
    execute: onPath((input, path) => {
      if (directories.has(path)) return refused(`${path} is a directory; delete_file removes files only.`);
      if (!files.delete(path)) return notFound("File", input.path);
      return { deleted: path };
    }),
  }),
];
