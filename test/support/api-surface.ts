import ts from "typescript";

/** One entry point's exported names, and the types its public signatures name that no entry point exports. */
export interface ApiSurface {
  /** Exported names per entry file, sorted. */
  names: Record<string, string[]>;
  /** `Type (in file), named by entry.export`: types a user meets in a signature but cannot import. */
  unexported: string[];
}

/**
 * Reads the public API of a set of entry files with the TypeScript checker: what each exports,
 * and every type declared in the project that an exported declaration names (a parameter, a
 * return type, a property, a base type, a union member, transitively) without any entry point
 * exporting it. Bodies, initialisers, private and protected members, and members tagged
 * `@internal` are not public signatures, so they are not read.
 */
export function readApiSurface(
  program: ts.Program,
  entries: readonly string[],
  isProjectFile: (file: string) => boolean,
): ApiSurface {
  const checker = program.getTypeChecker();
  const names: Record<string, string[]> = {};
  const exported = new Set<ts.Symbol>();
  const roots: { entry: string; name: string; symbol: ts.Symbol }[] = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry} is not a module of the program`);
    const symbols = checker.getExportsOfModule(moduleSymbol);
    names[entry] = symbols.map((symbol) => symbol.name).sort();
    for (const symbol of symbols) {
      const target = resolve(checker, symbol);
      exported.add(target);
      roots.push({ entry, name: symbol.name, symbol: target });
    }
  }

  const unexported = new Map<ts.Symbol, string>();
  const visited = new Set<ts.Symbol>();
  const queue = roots.map((root) => ({ symbol: root.symbol, via: `${root.entry}: ${root.name}` }));
  while (queue.length > 0) {
    const { symbol, via } = queue.shift()!;
    if (visited.has(symbol)) continue;
    visited.add(symbol);
    for (const declaration of symbol.declarations ?? []) {
      if (!isProjectFile(declaration.getSourceFile().fileName)) continue;
      forEachNamedType(declaration, (node) => {
        const named = namedSymbol(checker, node);
        if (!named || named.flags & ts.SymbolFlags.TypeParameter) return;
        const home = named.declarations?.[0];
        if (!home || !isProjectFile(home.getSourceFile().fileName)) return;
        if (!exported.has(named) && !unexported.has(named))
          unexported.set(named, `${named.name} (in ${relative(home)}), named by ${via}`);
        queue.push({ symbol: named, via });
      });
    }
  }
  return { names, unexported: [...unexported.values()].sort() };
}

function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function namedSymbol(checker: ts.TypeChecker, node: ts.Node): ts.Symbol | undefined {
  const name = ts.isTypeReferenceNode(node)
    ? node.typeName
    : ts.isExpressionWithTypeArguments(node)
      ? node.expression
      : ts.isTypeQueryNode(node)
        ? node.exprName
        : undefined;
  if (!name) return undefined;
  const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name);
  return symbol && resolve(checker, symbol);
}

/** Calls `visit` with every type reference in a declaration's public signature. */
function forEachNamedType(declaration: ts.Node, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    if (ts.isBlock(node) || isHidden(node)) return;
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node) || ts.isTypeQueryNode(node)) visit(node);
    if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) {
      // The value is not the signature: only a written type is.
      if (node.type) walk(node.type);
      return;
    }
    ts.forEachChild(node, walk);
  };
  walk(declaration);
}

function isHidden(node: ts.Node): boolean {
  if (!ts.isClassElement(node) && !ts.isTypeElement(node)) return false;
  const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
  if (
    modifiers.some(
      (modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
    )
  )
    return true;
  if (node.name && ts.isPrivateIdentifier(node.name)) return true;
  // Read from the comment's text: the compiler does not parse JSDoc in .ts files by default.
  return /@internal\b/.test(node.getSourceFile().text.slice(node.getFullStart(), node.getStart()));
}

function relative(node: ts.Node): string {
  const file = node.getSourceFile().fileName;
  const at = file.lastIndexOf("/src/");
  return at >= 0 ? file.slice(at + 1) : file;
}
