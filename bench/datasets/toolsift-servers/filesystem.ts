import { defineServer, tool } from "./define-server.js";
import { bool, int, list, obj, str } from "./schema.js";

const path = str("Absolute path, or relative to the first allowed directory.");

const tools = [
  tool(
    "read_file",
    "Read the complete contents of a file from the local file system as text. Use `head` or `tail` to read only the first or last N lines of large files.",
    {
      path,
      "head?": int("Only the first N lines."),
      "tail?": int("Only the last N lines."),
    },
  ),
  tool(
    "read_multiple_files",
    "Read several files at once; failures for individual paths are reported without aborting the rest. Each file's content is returned with its path as a header.",
    {
      paths: list(str("File path."), "Files to read."),
    },
  ),
  tool(
    "write_file",
    "Create a new file or completely overwrite an existing file with the given text. Parent directories must exist.",
    {
      path,
      content: str("Full file content."),
    },
  ),
  tool(
    "edit_file",
    "Make line-based edits to a text file by replacing exact text spans, and return a git-style diff. `dry_run` previews the diff without writing.",
    {
      path,
      edits: list(
        obj({ oldText: str("Exact text to find."), newText: str("Replacement.") }),
        "Edits applied in order.",
      ),
      "dry_run?": bool("Only show the diff."),
    },
  ),
  tool(
    "create_directory",
    "Create a directory, including missing parents; succeeds silently if it already exists. Only works inside the allowed directories.",
    { path },
  ),
  tool(
    "list_directory",
    "List the entries of a directory, marking each as [FILE] or [DIR]. Hidden entries are included.",
    { path },
  ),
  tool(
    "directory_tree",
    "Get a recursive JSON tree of a directory with names, types and children. Each entry has a name, a type and, for directories, its children.",
    {
      path,
      "exclude_patterns?": list(str("Glob."), "Paths to skip, e.g. `node_modules`."),
    },
  ),
  tool("move_file", "Move or rename a file or directory. Fails if the destination already exists.", {
    source: str("Current path."),
    destination: str("New path."),
  }),
  tool(
    "search_files",
    "Recursively search for files and directories whose names match a glob pattern, starting from a path. Matching is case-insensitive.",
    {
      path,
      pattern: str("Glob pattern such as `**/*.test.ts`."),
      "exclude_patterns?": list(str("Glob."), "Patterns to exclude."),
    },
  ),
  tool(
    "get_file_info",
    "Get metadata about a file or directory: size, creation and modification times, permissions and type. Does not read the file's contents.",
    { path },
  ),
  tool("delete_file", "Delete a file, or a directory with `recursive`. Cannot be undone.", {
    path,
    "recursive?": bool("Delete directories and their contents."),
  }),
];

export const filesystem = defineServer("filesystem", tools, {
  direct: {
    read_file: ["read the file ~/projects/api/.env.example", "cat the last 50 lines of /var/app/server.log locally"],
    write_file: ["write a new file notes/todo.md with my task list"],
    edit_file: ["edit the file src/config.ts replacing port 3000 with 8080"],
    list_directory: ["list the directory ~/Downloads"],
    search_files: ["search files matching *.log under /var/app"],
    move_file: ["move the file draft.txt into the archive directory", "rename ~/Desktop/draft.txt to final.txt"],
  },
  paraphrase: {
    read_file: ["show me what's inside ~/projects/api/.env.example on my machine"],
    read_multiple_files: ["open package.json, tsconfig.json and README.md on disk together"],
    write_file: ["save this markdown to notes/todo.md on my laptop"],
    create_directory: ["mkdir -p ~/projects/demo/assets"],
    directory_tree: ["give me a nested outline of everything in ~/projects/api, skipping node_modules"],
    move_file: ["shift ~/Desktop/draft.txt over to ~/Documents/archive"],
    search_files: ["where on my computer are the *.test.ts sources under ~/projects"],
    get_file_info: ["when was ~/Documents/taxes.pdf last touched and how large is it"],
    delete_file: ["remove ~/projects/demo and everything in it from my laptop"],
  },
});
