/**
 * A Gemini function-declaration check written from Gemini's references (Gemini API,
 * `@google/genai`, Vertex AI, Firebase AI Logic), for tests: it accepts only what they
 * document, and the shapes the API is reported to refuse with a 400 (an OBJECT without
 * properties, properties on a non-OBJECT, an ARRAY without items, `required` naming a missing
 * property). It returns every problem, each with its JSON pointer; none means accepted.
 */

/** The documented Schema fields (a select subset of an OpenAPI 3.0 schema object). */
const FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "default",
  "example",
  "enum",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "propertyOrdering",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "anyOf",
]);
const TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);
/** The formats each type documents ("enum" marks an enum; STRING: what the Gemini Developer API accepts). */
const FORMATS: Record<string, string[]> = {
  STRING: ["enum", "date-time"],
  NUMBER: ["float", "double", "enum"],
  INTEGER: ["int32", "int64", "enum"],
};
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Problems of one `tools` array (`[{ functionDeclarations }]`), within `cap` declarations. */
export function checkGeminiTools(tools: unknown, cap = 512): string[] {
  if (!Array.isArray(tools)) return ["tools is not an array"];
  const problems: string[] = [];
  let count = 0;
  tools.forEach((tool, index) => {
    const declarations = (tool as { functionDeclarations?: unknown }).functionDeclarations;
    if (!Array.isArray(declarations)) return problems.push(`/tools/${index}: no functionDeclarations array`);
    count += declarations.length;
    declarations.forEach((declaration, at) =>
      problems.push(...checkGeminiDeclaration(declaration).map((problem) => `/tools/${index}/${at}${problem}`)),
    );
  });
  if (count > cap) problems.push(`${count} function declarations, over the cap of ${cap}`);
  const names = tools.flatMap(
    (tool) => (tool as { functionDeclarations: { name: string }[] }).functionDeclarations?.map((d) => d.name) ?? [],
  );
  if (new Set(names).size !== names.length) problems.push("two declarations share a name");
  return problems;
}

/** Problems of one FunctionDeclaration. */
export function checkGeminiDeclaration(declaration: unknown): string[] {
  if (typeof declaration !== "object" || declaration === null) return [": not an object"];
  const problems: string[] = [];
  const { name, description, parameters, ...rest } = declaration as Record<string, unknown>;
  for (const key of Object.keys(rest))
    problems.push(`: field "${key}" is not a FunctionDeclaration field this check allows`);
  if (typeof name !== "string" || !FUNCTION_NAME.test(name))
    problems.push(`/name: ${JSON.stringify(name)} breaks the name rules`);
  if (description !== undefined && typeof description !== "string") problems.push("/description: not a string");
  if (parameters !== undefined) {
    if ((parameters as { type?: unknown }).type !== "OBJECT") problems.push("/parameters: not an OBJECT schema");
    problems.push(...checkGeminiSchema(parameters, "/parameters"));
  }
  return problems;
}

/** Problems of one Schema object, recursively. */
export function checkGeminiSchema(schema: unknown, path = ""): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [`${path}: not a Schema object`];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  const bad = (problem: string) => problems.push(`${path}: ${problem}`);
  for (const key of Object.keys(node)) if (!FIELDS.has(key)) bad(`"${key}" is not a documented Schema field`);
  const { type } = node;
  if (type !== undefined && (typeof type !== "string" || !TYPES.has(type)))
    bad(`type ${JSON.stringify(type)} is not a Type`);
  if (node.format !== undefined && !(FORMATS[type as string] ?? []).includes(node.format as string))
    bad(`format ${JSON.stringify(node.format)} is not documented for ${String(type)}`);
  if (node.nullable !== undefined && typeof node.nullable !== "boolean") bad("nullable is not a boolean");
  for (const key of ["title", "description", "pattern"])
    if (node[key] !== undefined && typeof node[key] !== "string") bad(`${key} is not a string`);
  for (const key of ["minimum", "maximum"])
    if (node[key] !== undefined && (typeof node[key] !== "number" || !Number.isFinite(node[key])))
      bad(`${key} is not a number`);
  for (const key of ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"])
    if (node[key] !== undefined && !(Number.isSafeInteger(node[key]) && (node[key] as number) >= 0))
      bad(`${key} is not a count`);
  if (node.enum !== undefined) {
    if (!Array.isArray(node.enum) || node.enum.length === 0 || !node.enum.every((value) => typeof value === "string"))
      bad("enum is not a non-empty array of strings");
    if (!["STRING", "INTEGER", "NUMBER"].includes(type as string)) bad("enum on a type that is not primitive");
  }
  if (node.properties !== undefined) {
    if (type !== "OBJECT") bad("properties only allowed for OBJECT type");
    const properties = node.properties as Record<string, unknown>;
    if (typeof properties !== "object" || properties === null) bad("properties is not a map");
    else
      for (const [name, child] of Object.entries(properties)) {
        if (!PROPERTY_NAME.test(name)) bad(`property name ${JSON.stringify(name)} breaks the parameter name rules`);
        problems.push(...checkGeminiSchema(child, `${path}/properties/${name}`));
      }
  }
  if (type === "OBJECT" && (node.properties === undefined || Object.keys(node.properties as object).length === 0))
    bad("properties should be non-empty for OBJECT type");
  if (node.required !== undefined) {
    const names = Object.keys((node.properties as object | undefined) ?? {});
    if (!Array.isArray(node.required) || !node.required.every((name) => names.includes(name as string)))
      bad("required names a property the schema lacks");
  }
  if (type === "ARRAY" && node.items === undefined) bad("ARRAY without items");
  if (node.items !== undefined) {
    if (type !== "ARRAY") bad("items only allowed for ARRAY type");
    problems.push(...checkGeminiSchema(node.items, `${path}/items`));
  }
  if (node.anyOf !== undefined) {
    if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) bad("anyOf is not a non-empty array");
    else node.anyOf.forEach((branch, index) => problems.push(...checkGeminiSchema(branch, `${path}/anyOf/${index}`)));
  }
  return problems;
}
