/**
 * Type-checks the docs' ```ts blocks against this repository's sources, as a reader's project
 * would see the published package: `toolsift` is src/index.ts and `toolsift/<face>` is
 * src/public/<face>.ts. The blocks are compiled in memory, as files beside this one, so the
 * SDKs they import resolve from the repository's node_modules; nothing is written to disk.
 */
import { join } from "node:path";
import ts from "typescript";
import type { Page } from "./markdown.js";

/**
 * The names the snippets take as given (the reader's own catalogue, client, model …), declared
 * once here rather than in every block. Virtual, so they never leak into the project's own
 * type-check. A name a block declares itself shadows these.
 */
const SNIPPET_GLOBALS = `
import type Anthropic from "@anthropic-ai/sdk";
import type { LanguageModel } from "ai";
import type { ToolDefinition, ToolSearch } from "toolsift";
import type { McpClient } from "toolsift/mcp";
declare global {
  const tools: ToolDefinition[];
  const toolSearch: ToolSearch;
  const client: Anthropic;
  const model: LanguageModel;
  const prompt: string;
  const chatId: string;
  const runId: string;
  const userId: string;
  const tenantId: string;
  const GITHUB_TOKEN: string;
  const connectedClient: McpClient;
  const jira: { createIssue(input: { project: string; summary: string }): Promise<{ key: string }> };
  function confirmWithUser(name: string, input: unknown): Promise<boolean>;
}
export {};
`;

/**
 * The repository's own files and the SDKs' declarations, parsed once per process: each check
 * builds a program of its own, and parsing the SDKs' declarations is most of its time.
 */
const parsed = new Map<string, ts.SourceFile>();

/** Blocks marked ```ts fragment are deliberately incomplete and not compiled. */
export const isChecked = (info: string): boolean => /^(ts|typescript)$/i.test(info.trim());

interface VirtualFile {
  text: string;
  /** Where its lines come from, for messages: page and the block's first line. */
  page?: string;
  line?: number;
}

/** The type errors of every checked block, one line each: `page:line: message`. */
export function blockTypeErrors(root: string, pages: readonly Page[]): string[] {
  const here = join(root, "test", "docs");
  const files = new Map<string, VirtualFile>([[join(here, "__snippet-globals__.d.ts"), { text: SNIPPET_GLOBALS }]]);
  for (const page of pages)
    page.blocks.forEach((block, index) => {
      if (!isChecked(block.info)) return;
      const name = `__block__${page.path.replace(/[^A-Za-z0-9]+/g, "-")}-${index}.ts`;
      // `export {}` makes every block a module, so its names are its own and top-level await works.
      files.set(join(here, name), { text: `${block.code}\nexport {};\n`, page: page.path, line: block.line });
    });

  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    esModuleInterop: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    noEmit: true,
    // Unused names are normal in a snippet that shows one step.
    noUnusedLocals: false,
    baseUrl: root,
    paths: { toolsift: ["src/index.ts"], "toolsift/*": ["src/public/*.ts"] },
  };
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (path) => files.has(path) || fileExists.call(host, path);
  host.readFile = (path) => files.get(path)?.text ?? readFile.call(host, path);
  host.getSourceFile = (path, language, onError, fresh) => {
    const file = files.get(path);
    if (file) return ts.createSourceFile(path, file.text, language, true);
    const cached = parsed.get(path);
    if (cached) return cached;
    const source = getSourceFile.call(host, path, language, onError, fresh);
    if (source) parsed.set(path, source);
    return source;
  };
  const program = ts.createProgram([...files.keys()], options, host);

  const errors: string[] = [];
  for (const [path, file] of files) {
    const source = program.getSourceFile(path);
    if (!source) throw new Error(`the compiler did not read ${path}`);
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      const offset = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      errors.push(`${file.page ?? path}:${(file.line ?? 1) + offset}: ${message}`);
    }
  }
  return errors;
}
