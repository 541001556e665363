// The import graph between the folders of src/, as the code has it today: which folder imports
// which, how many imports, how many of them type-only, production code and tests apart. The
// layering biome.jsonc enforces was read off it; run it again after moving files.
//
//   npx tsx scripts/import-graph.ts            folder → folder, with counts
//   npx tsx scripts/import-graph.ts --files    every import between two folders, file → file
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const SRC = resolve("src");

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  test: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A file's layer: its top folder under src/ (`ranking`), a root file by name (`index.ts`), or what lies outside src/ (`../test`). */
function layerOf(path: string): string {
  const inSrc = relative(SRC, path);
  if (inSrc.startsWith("..")) return relative(process.cwd(), path).split("/")[0]!;
  const [first, ...rest] = inSrc.split("/");
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

const between = sourceFiles(SRC)
  .flatMap(importsOf)
  .filter((edge) => layerOf(edge.from) !== layerOf(edge.to));

for (const test of [false, true]) {
  console.log(test ? "\n## tests and fixtures" : "## production code");
  const edges = between.filter((edge) => edge.test === test);
  if (process.argv.includes("--files")) {
    for (const edge of edges)
      console.log(`${relative(SRC, edge.from)} -> ${relative(SRC, edge.to)}${edge.typeOnly ? " (type)" : ""}`);
    continue;
  }
  const counts = new Map<string, { imports: number; typeOnly: number }>();
  for (const edge of edges) {
    const key = `${layerOf(edge.from)} -> ${layerOf(edge.to)}`;
    const count = counts.get(key) ?? { imports: 0, typeOnly: 0 };
    count.imports++;
    if (edge.typeOnly) count.typeOnly++;
    counts.set(key, count);
  }
  for (const [key, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${key}  ${count.imports}${count.typeOnly > 0 ? ` (${count.typeOnly} type-only)` : ""}`);
  }
}
