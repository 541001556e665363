/**
 * What to tell the author of a definition written in a model API's own tool shape, which
 * toolsift does not read: the shape's name and the mapping to toolsift's, or `undefined` for a
 * definition in none of them. Only a definition already refused is looked at, so a usable one
 * costs nothing; a field that cannot be read counts as absent.
 *
 * - Anthropic's Messages API: `{ name, description, input_schema }`;
 * - OpenAI's Chat Completions: `{ type: "function", function: { name, description, parameters } }`;
 * - OpenAI's Responses API and Gemini's function declarations: `{ name, description, parameters }`.
 *
 * @example
 * ```ts
 * otherApiShape({ name: "get_weather", description: "…", input_schema: { type: "object" } });
 * // 'is in the Anthropic Messages API's shape ("input_schema"), and toolsift reads "inputSchema": ' +
 * // "pass { name, description, inputSchema: tool.input_schema }"
 * ```
 */
export function otherApiShape(definition: object): string | undefined {
  const field = (key: string): unknown => {
    try {
      return (definition as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  if (field("inputSchema") !== undefined) return undefined;
  const wrapped = field("function");
  if (typeof wrapped === "object" && wrapped !== null && field("name") === undefined) {
    return (
      'is in OpenAI Chat Completions\' shape ({ type: "function", function: {...} }), and toolsift reads the tool ' +
      "itself: pass { name: tool.function.name, description: tool.function.description, inputSchema: tool.function.parameters }"
    );
  }
  if (field("input_schema") !== undefined) {
    return (
      'is in the Anthropic Messages API\'s shape ("input_schema"), and toolsift reads "inputSchema": ' +
      "pass { name, description, inputSchema: tool.input_schema }"
    );
  }
  if (field("parameters") !== undefined) {
    return (
      "gives its schema as \"parameters\" (OpenAI's Responses API or Gemini's shape), and toolsift reads " +
      '"inputSchema": pass { name, description, inputSchema: tool.parameters }'
    );
  }
  return undefined;
}
