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
    "src/checkout/cart.ts":
      "export const total = (items: { cents: number }[]) =>\n  items.reduce((s, i) => s + i.cents, 0);\n",
    "docs/runbook.md": "# Runbook\n\n1. Check the deploy channel.\n2. Roll back with `make rollback`.\n",
    "tmp/scratch.txt": "notes from the incident call\n",
  }).map(([path, content]) => [`${ROOT}/${path}`, { content, modified: "2025-05-30T12:00:00Z" }]),
);
const directories = new Set([ROOT]);
for (const path of files.keys())
  for (let dir = posix.dirname(path); dir !== ROOT; dir = posix.dirname(dir)) directories.add(dir);

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
  const entry = (path: string, type: "file" | "directory", size: number) => ({
    name: posix.basename(path),
    type,
    size,
  });
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

const pathField = (description: string, example: string) => ({
  path: text(
    `${description} Absolute, or relative to the first allowed directory; it must stay inside an allowed directory ` +
      "after '..' and symlinks are resolved.",
    { minLength: 1, examples: [example] },
  ),
});
const excludeField = {
  exclude_patterns: strings(
    "Glob patterns to skip, matched against paths relative to the starting directory: * within one path segment, " +
      "** across segments, ? for one character. A matched directory is skipped with everything below it, such as " +
      "node_modules, .git or **/*.log.",
    { examples: [["node_modules", ".git"]] },
  ),
};
const encodingField = (verb: string) =>
  choice(
    ["utf-8", "base64"],
    `How the content is ${verb}: utf-8 for text, base64 for binary files such as images and archives, which are ` +
      "not valid text.",
    "utf-8",
  );
const createParentsField = flag(
  "Create missing parent directories, like mkdir -p. Without it a missing parent fails the call, which catches typos.",
  false,
);

const tool = serverTools("filesystem");

/** Tools of a filesystem MCP server, confined to /workspace of an in-memory tree. */
export const filesystemTools: ToolDefinition[] = [
  tool({
    name: "list_allowed_directories",
    description:
      "List the directories this server may read and write. " +
      "Every path given to the other tools must lie inside one of them after '..' segments and symlinks are " +
      "resolved; anything else is refused with an access-denied error, which retrying will not fix. " +
      "Relative paths resolve against the first directory listed, so a bare README.md means the README at the top " +
      "of that directory. " +
      "Call it once at the start of a task when unsure where the project lives, rather than guessing absolute " +
      "paths such as the home directory.",
    inputSchema: obj({}),
    execute: () => ({ allowed_directories: [ROOT] }),
  }),
  tool({
    name: "read_file",
    description:
      "Read the complete contents of a text file, or only its first or last lines. " +
      "Pass head or tail for large files such as logs so the answer stays small; the two cannot be combined, and " +
      "max_bytes caps what comes back either way. " +
      "The text is returned as stored, with its original line endings; binary files need encoding base64, or " +
      "their bytes come back mangled. " +
      "Use read_multiple_files to read several related files in one call, and get_file_info to check a file's " +
      "size before reading something that might be huge.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to read.", "README.md"),
        encoding: encodingField("returned"),
        head: integer("Return only the first N lines; cannot be combined with tail.", { minimum: 1 }),
        tail: integer("Return only the last N lines, such as the end of a log; cannot be combined with head.", {
          minimum: 1,
        }),
        line_numbers: flag(
          "Prefix each line with its number and a tab, which helps when quoting lines back; edit_file needs the text " +
            "without the prefixes.",
          false,
        ),
        max_bytes: integer(
          "Stop after this many bytes and mark the content as truncated, as a guard against unexpectedly huge files.",
          { minimum: 1, maximum: 10485760, default: 1048576 },
        ),
      },
      ["path"],
    ),
    tags: ["open file", "cat", "view"],
    execute: onExistingFile((input, path, entry) => {
      if (input.head !== undefined && input.tail !== undefined) return refused("Pass head or tail, not both.");
      const lines = entry.content.split("\n");
      const cut = input.head ? lines.slice(0, input.head) : input.tail ? lines.slice(-input.tail) : lines;
      const first = input.tail ? Math.max(0, lines.length - input.tail) : 0;
      const whole = (input.line_numbers ? cut.map((line, i) => `${first + i + 1}\t${line}`) : cut).join("\n");
      const content = whole.slice(0, input.max_bytes ?? whole.length);
      return {
        path,
        content: input.encoding === "base64" ? Buffer.from(content).toString("base64") : content,
        truncated: content.length < whole.length,
      };
    }),
  }),
  tool({
    name: "read_multiple_files",
    description:
      "Read several text files in one call, returning each file's content or its own error. " +
      "One missing or forbidden file does not fail the whole call: its entry carries an error message instead of " +
      "content, and the other files are still returned. " +
      "This is much faster than reading files one at a time when comparing files or reviewing a feature that " +
      "spans several modules. " +
      "Each file comes back whole, so keep the list to files you actually need, and use read_file with head or " +
      "tail for large logs.",
    inputSchema: obj(
      {
        paths: strings(
          "Paths of the files to read, each absolute or relative to the first allowed directory; at most 50.",
          { minItems: 1, maxItems: 50, uniqueItems: true, examples: [["README.md", "package.json"]] },
        ),
        max_bytes_per_file: integer(
          "Cut each file after this many bytes and mark it truncated, so one unexpectedly large file cannot crowd out the rest.",
          { minimum: 1, maximum: 1048576, default: 262144 },
        ),
      },
      ["paths"],
    ),
    execute: (input) =>
      input.paths.map((path) => {
        const absolute = resolve(path);
        const entry = absolute === undefined ? undefined : files.get(absolute);
        if (!entry) return { path, error: "not found or outside the allowed directory" };
        const content = entry.content.slice(0, input.max_bytes_per_file);
        return { path: absolute, content, truncated: content.length < entry.content.length };
      }),
  }),
  tool({
    name: "write_file",
    description:
      "Write a text file, creating it or completely overwriting an existing one. " +
      "The previous content is lost without a backup, so read the file first when it might hold changes worth " +
      "keeping, and prefer edit_file for targeted changes to existing code. " +
      "With append the content is added at the end instead, which suits logs and notes. " +
      "Returns the absolute path, the number of bytes written and whether the file was newly created.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to write.", "docs/todo.md"),
        content: text("The full new content of the file; an empty string truncates it. End text files with a newline."),
        encoding: encodingField("given"),
        append: flag(
          "Add content at the end of the file instead of replacing it; creates the file when missing.",
          false,
        ),
        create_parents: createParentsField,
      },
      ["path", "content"],
    ),
    destructive: true,
    tags: ["save", "create file"],
    execute: onPath((input, path, entry) => {
      const content = input.encoding === "base64" ? Buffer.from(input.content, "base64").toString() : input.content;
      return writeFile(path, input.append && entry ? entry.content + content : content, input.create_parents);
    }),
  }),
  tool({
    name: "edit_file",
    description:
      "Apply exact text replacements to a file and return a diff of the change. " +
      "Each oldText must occur exactly once, whitespace and indentation included, unless replaceAll is set, so " +
      "copy it from a fresh read_file rather than from memory. " +
      "Edits apply in order and all or nothing: if one of them does not match, the file is left untouched and the " +
      "error names the failing oldText. " +
      "With dryRun the diff is returned and nothing is written, which is a good first step for a large or risky change.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to edit.", "src/checkout/pay-button.tsx"),
        edits: list(
          obj(
            {
              oldText: text(
                "Text to find, exactly as in the file, line breaks and indentation included. Include a line or two " +
                  "of context when the text alone occurs more than once.",
                { minLength: 1, examples: ["<button>Pay</button>"] },
              ),
              newText: text("Replacement text, with the indentation the file uses; an empty string deletes oldText.", {
                examples: ['<button type="submit">Pay</button>'],
              }),
              replaceAll: flag("Replace every occurrence instead of requiring exactly one.", false),
            },
            ["oldText", "newText"],
          ),
          "Replacements, applied one after the other, each to the result of the previous one.",
          { minItems: 1, maxItems: 100 },
        ),
        dryRun: flag("Return the diff without writing the file, to check the edits match what you meant.", false),
      },
      ["path", "edits"],
    ),
    execute: onExistingFile((input, path, entry) => {
      let content = entry.content;
      const diff: string[] = [];
      for (const edit of input.edits) {
        const count = content.split(edit.oldText).length - 1;
        if (count === 0 || (count > 1 && !edit.replaceAll)) {
          return refused(`oldText must occur exactly once in ${path}; found ${count}: ${edit.oldText}`);
        }
        content = edit.replaceAll
          ? content.split(edit.oldText).join(edit.newText)
          : content.replace(edit.oldText, edit.newText);
        diff.push(`- ${edit.oldText}`, `+ ${edit.newText}`);
      }
      if (!input.dryRun) files.set(path, { content, modified: FAKE_NOW });
      return { path, applied: !input.dryRun, diff: diff.join("\n") };
    }),
  }),
  tool({
    name: "create_directory",
    description:
      "Create a directory, with any missing parents; succeeds quietly when it already exists. " +
      "Returns the absolute path of the directory, so the call is safe to repeat before writing files into it. " +
      "It fails when a file already has that name, or when the path leaves the allowed directories. " +
      "write_file and move_file with create_parents make the directories for a new file in the same step, which saves a call.",
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
      "Only one level is listed: use directory_tree for a recursive view, or search_files to find files by name " +
      "anywhere below. " +
      "Hidden entries, whose names start with a dot, are left out unless include_hidden is set, which matters for " +
      "configuration such as .env files or .github workflows. " +
      "Directory sizes are reported as 0 rather than the size of their contents.",
    inputSchema: obj(
      {
        ...pathField("Directory to list.", "src/checkout"),
        include_hidden: flag("Include entries whose names start with a dot, such as .env.example or .github.", false),
        sort_by: choice(["name", "size"], "Order of the entries: by name, or largest first by size.", "name"),
        pattern: text("Only entries whose name matches this glob, such as *.md.", { examples: ["*.tsx"] }),
      },
      ["path"],
    ),
    tags: ["ls", "browse"],
    execute: onPath((input, path) => {
      if (!directories.has(path)) return notFound("Directory", input.path);
      const wanted = input.pattern === undefined ? undefined : globToRegExp(input.pattern);
      const entries = children(path)
        .filter((e) => input.include_hidden || !e.name.startsWith("."))
        .filter((e) => wanted === undefined || wanted.test(e.name));
      return entries.sort((a, b) => (input.sort_by === "size" ? b.size - a.size : a.name.localeCompare(b.name)));
    }),
  }),
  tool({
    name: "directory_tree",
    description:
      "Return a recursive JSON tree of the files and directories under a path. " +
      "Each node has a name and a type, and directories carry their children, so the answer shows a project's " +
      "layout at a glance. " +
      "Trees of real projects get large fast: keep max_depth low and exclude dependencies and build output such " +
      "as node_modules, dist, coverage and .git. " +
      "To find one particular file, search_files is cheaper than reading the whole tree.",
    inputSchema: obj(
      {
        ...pathField("Root of the tree.", "."),
        max_depth: integer("How many levels to descend; directories at the last level are shown without children.", {
          minimum: 1,
          maximum: 20,
          default: 5,
        }),
        ...excludeField,
        directories_only: flag("Leave files out and show only the directory structure, for a compact overview.", false),
      },
      ["path"],
    ),
    execute: onPath((input, root) => {
      const excluded = (input.exclude_patterns ?? []).map(globToRegExp);
      type Node = { name: string; type: "file" | "directory"; children?: Node[] };
      const walk = (dir: string, depth: number): Node[] =>
        children(dir)
          .filter((e) => !excluded.some((re) => re.test(posix.relative(root, `${dir}/${e.name}`))))
          .filter((e) => !input.directories_only || e.type === "directory")
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
      "Both paths must be inside the allowed directories. Fails when the destination exists unless overwrite is " +
      "set, in which case the destination's old content is lost. Moving into a directory that does not exist fails " +
      "unless create_parents is set. Imports and links that point at the old path are not updated.",
    inputSchema: obj(
      {
        source: text("Current path of the file, absolute or relative to the first allowed directory.", {
          examples: ["tmp/scratch.txt"],
        }),
        destination: text("New path of the file, including its name; giving only a directory is not enough.", {
          examples: ["docs/incident-notes.txt"],
        }),
        overwrite: flag("Replace the destination if it exists; its old content is lost.", false),
        create_parents: createParentsField,
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
      const written = writeFile(to, entry.content, input.create_parents);
      if (isToolOutput(written)) return written;
      files.delete(from);
      return { moved: from, to };
    },
  }),
  tool({
    name: "search_files",
    description:
      "Find files whose path matches a glob pattern, searching recursively from a directory. " +
      "Returns the absolute paths of the matches, at most max_results of them, and the total count. " +
      "It matches names and paths only and does not look inside files, so read the matches with read_file or " +
      "read_multiple_files to see their content. " +
      "A pattern without a slash matches file names at any depth, so *.tsx finds every TSX file; exclude " +
      "dependency folders to keep the search fast.",
    inputSchema: obj(
      {
        ...pathField("Directory to search from.", "."),
        pattern: text(
          "Glob pattern: * matches within one path segment, ** across segments, ? one character; such as **/*.tsx, " +
            "src/**/cart.* or *.md.",
          { minLength: 1, examples: ["**/*.tsx"] },
        ),
        ...excludeField,
        case_sensitive: flag("Match letter case exactly; off, README.md also matches readme.md.", true),
        max_results: integer("Stop after this many matches; total still counts them all.", {
          minimum: 1,
          maximum: 10000,
          default: 200,
        }),
      },
      ["path", "pattern"],
    ),
    tags: ["find", "glob", "locate"],
    execute: onPath((input, root) => {
      const flags = input.case_sensitive === false ? "i" : "";
      const wanted = new RegExp(globToRegExp(input.pattern).source, flags);
      const excluded = (input.exclude_patterns ?? []).map(globToRegExp);
      const relative = [...files.keys()].map((p) => posix.relative(root, p)).filter((p) => !p.startsWith(".."));
      const hits = relative.filter((p) => wanted.test(p) && !excluded.some((re) => re.test(p)));
      return { matches: hits.slice(0, input.max_results ?? 200).map((p) => posix.join(root, p)), total: hits.length };
    }),
  }),
  tool({
    name: "get_file_info",
    description:
      "Get metadata about a file or directory: type, size, modification time and permissions. " +
      "It does not read the content, so it is the cheap way to check that a path exists, whether it is a file or " +
      "a directory, and whether a file is small enough to read whole. " +
      "Times are ISO 8601 in UTC and permissions are in ls -l notation, such as -rw-r--r--. " +
      "A symlink is described by its target unless follow_symlinks is turned off.",
    inputSchema: obj(
      {
        ...pathField("Path to inspect.", "package.json"),
        follow_symlinks: flag("Describe what a symlink points to; off, describe the link itself (like lstat).", true),
      },
      ["path"],
    ),
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
      "Directories are refused, so empty them file by file; that keeps a wrong path from wiping a whole tree. " +
      "A path that does not exist fails with not-found unless missing_ok is set, which makes clean-up steps safe to repeat. " +
      "Confirm the exact path with the user before deleting anything they did not create in this session.",
    inputSchema: obj(
      {
        ...pathField("Path of the file to delete.", "tmp/scratch.txt"),
        missing_ok: flag("Succeed when the file does not exist, like rm -f, instead of failing with not-found.", false),
      },
      ["path"],
    ),
    destructive: true,
    tags: ["remove", "rm"],
    execute: onPath((input, path) => {
      if (directories.has(path)) return refused(`${path} is a directory; delete_file removes files only.`);
      if (!files.delete(path)) return input.missing_ok ? { deleted: null } : notFound("File", input.path);
      return { deleted: path };
    }),
  }),
];
