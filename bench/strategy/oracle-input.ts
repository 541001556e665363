/**
 * The input an oracle model sends to a tool it found: one plausible placeholder per required
 * field of the tool's JSON schema (the first `enum` value, the `minimum` of a number, "example"
 * for a string, an empty array or object), `{}` when nothing is required. It does not try to be
 * valid beyond that: a call that fails validation still hydrates the tool and counts as a call.
 *
 * @example
 * ```ts
 * oracleInputFor({ type: "object", properties: { repo: { type: "string" }, n: { type: "integer", minimum: 1 } }, required: ["repo", "n"] });
 * // { repo: "example", n: 1 }
 * ```
 */
export function oracleInputFor(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema)) return {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === "string")
    : [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.fromEntries(required.map((name) => [name, placeholderFor(properties[name])]));
}

function placeholderFor(property: unknown): unknown {
  if (!isRecord(property)) return "example";
  if ("const" in property) return property.const;
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  if ("default" in property) return property.default;
  const type = Array.isArray(property.type) ? property.type[0] : property.type;
  switch (type) {
    case "integer":
    case "number":
      return typeof property.minimum === "number" ? property.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return oracleInputFor(property);
    case "null":
      return null;
    default:
      return "example";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
