// The imports between the files under one folder, read with the TypeScript parser, and the
// folder-level graph they make. scripts/import-graph.ts prints it; the layer tests check it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** One import (or re-export, dynamic import, `import("…")` type) from one file to another. */
export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  test: boolean;
}

/** Every TypeScript source file under `dir` (tests and fixtures included, declaration files not). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * A file's unit under `root`: its top folder there (`ranking/`), a file directly in `root` by name
 * (`index.ts`), or, outside `root`, its path from the working directory down to the folder that
 * holds `root` and one more (`test`, `src/public/`).
 */
export function unitOf(root: string, path: string): string {
  const inside = relative(root, path);
  if (inside.startsWith("..")) {
    const parent = relative(process.cwd(), dirname(root));
    const fromParent = relative(resolve(parent), path);
    if (parent !== "" && !fromParent.startsWith("..")) {
      const [first, ...rest] = fromParent.split("/");
      return `${parent}/${first}${rest.length === 0 ? "" : "/"}`;
    }
    return relative(process.cwd(), path).split("/")[0]!;
  }
  const [first, ...rest] = inside.split("/");
  return rest.length === 0 ? first! : `${first}/`;
}

function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const test = /\.(test|fixture)\.ts$/.test(file);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith(".")) return;
    const to = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
    edges.push({ from: file, to, typeOnly, test });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) add(argument.text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/**
 * Every file `entry` loads when it runs, itself included: the closure of its relative imports,
 * type-only ones left out (they vanish at run time).
 */
export function runtimeImports(entry: string): Set<string> {
  const seen = new Set<string>([resolve(entry)]);
  const queue = [...seen];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const edge of importsOf(file)) {
      if (edge.typeOnly || seen.has(edge.to)) continue;
      seen.add(edge.to);
      queue.push(edge.to);
    }
  }
  return seen;
}

/** Every import from a file under `root` to a file in another unit (see `unitOf`). */
export function edgesBetweenUnits(root: string): Edge[] {
  return sourceFiles(root)
    .flatMap(importsOf)
    .filter((edge) => unitOf(root, edge.from) !== unitOf(root, edge.to));
}

/** The units that import each other, directly or around a loop: each strongly connected group of two or more. */
export function unitCycles(root: string, edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = unitOf(root, edge.from);
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(unitOf(root, edge.to));
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    onStack.add(unit);
    for (const to of next.get(unit) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== unit);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const unit of next.keys()) if (!index.has(unit)) connect(unit);
  return groups;
}
