import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../rank-document.js";
import { analyzeIdentifier, analyzeText } from "../text/index.js";
import { fieldTermsOf } from "./bm25-terms.js";

/** The parameters field as it was computed before analyses were remembered: the behaviour to keep. */
function parameterTermsByDefinition(parameters: readonly { name: string; description?: string }[]): string[] {
  return parameters
    .slice(0, 256)
    .flatMap((parameter) => [...analyzeIdentifier(parameter.name), ...analyzeText(parameter.description ?? "")]);
}

const toolWith = (properties: Record<string, { description?: string }>) =>
  rankDocumentOf({ name: "svc__tool", description: "Does things.", inputSchema: { type: "object", properties } });

describe("fieldTermsOf's parameters", () => {
  it("are the same terms when names and descriptions recur, are long, or outnumber what is remembered", () => {
    const long = "A description well past the remembered length, of parameters and repositories. ".repeat(8);
    const documents = [
      toolWith({ owner: { description: "Repository owner" }, repo: { description: "Repository name" }, pathName: {} }),
      toolWith({
        owner: { description: "Repository owner" },
        repo: { description: "The repository" },
        longOne: { description: long },
      }),
      toolWith({ longOne: { description: long }, owner: {} }),
      // 300 parameters, past the 256 analysed, each with new text: the memory's bound is passed too.
      ...Array.from({ length: 20 }, (_, tool) =>
        toolWith(
          Object.fromEntries(
            Array.from({ length: 300 }, (_, index) => [
              `param${tool}x${index}`,
              { description: `Value number ${tool * 300 + index}` },
            ]),
          ),
        ),
      ),
      toolWith({ owner: { description: "Repository owner" } }),
    ];
    for (const document of documents)
      expect(fieldTermsOf(document)[3]).toEqual(parameterTermsByDefinition(document.parameters));
  });

  it("are a document's own: changing one document's terms changes no other's", () => {
    const document = toolWith({ owner: { description: "Repository owner" } });
    const first = fieldTermsOf(document)[3]!;
    first.push("changed");
    first[0] = "changed";
    expect(fieldTermsOf(document)[3]).toEqual(["owner", "repositori", "owner"]);
  });
});
