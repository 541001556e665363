import { describeMends, parseTool } from "../for-apps.js";
import { errorText } from "../errors.js";
import type { Finding } from "./inspect/finding.js";

/**
 * What toolsift makes of one tool definition, as the CLI reports it: an `unusable-definition`
 * error when the definition cannot be used (the tool is left out, as a tool search leaves it
 * out), a `mended-schema` warning when its schema was read as its author meant it, or nothing.
 *
 * @param where - Where the definition came from (`tools.json: tools[3]`), which the parser's own
 *   message opens with and the finding, which names the tool, leaves out.
 */
export function definitionProblem(definition: unknown, name: string, where: string): Finding | undefined {
  try {
    const { mends } = parseTool(definition, where);
    if (!mends) return undefined;
    return {
      severity: "warning",
      code: "mended-schema",
      tools: [name],
      message: `has an input schema toolsift had to mend before it could check inputs (${describeMends(mends)}). Fix the schema at its source.`,
    };
  } catch (error) {
    return {
      severity: "error",
      code: "unusable-definition",
      tools: [name],
      // The finding names the tool already: the parser's `where ("name"): ` adds nothing.
      message: `is left out: ${errorText(error)
        .replace(`${where} `, "")
        .replace(`(${JSON.stringify(name)}): `, "")}`,
    };
  }
}
