import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../rank-document.js";
import { analyzeIdentifier, analyzeText } from "../text/index.js";
import { fieldTermsOf, queryTermsOf } from "./bm25-terms.js";

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
      expect(fieldTermsOf(document).terms[3]).toEqual(parameterTermsByDefinition(document.parameters));
  });

  it("are a document's own: changing one document's terms changes no other's", () => {
    const document = toolWith({ owner: { description: "Repository owner" } });
    const first = fieldTermsOf(document).terms[3]!;
    first.push("changed");
    first[0] = "changed";
    expect(fieldTermsOf(document).terms[3]).toEqual(["owner", "repositori", "owner"]);
  });
});

describe("queryTermsOf's short forms", () => {
  const knowing =
    (...terms: string[]) =>
    (term: string) =>
      terms.includes(term);

  it("reads a short form the index does not know as its long form", () => {
    expect(queryTermsOf("open a PR on gh", knowing("open", "pull", "request", "github"))).toEqual([
      "open",
      "pull",
      "request",
      "github",
    ]);
    expect(queryTermsOf("k8s pods", knowing("kubernet", "pod"))).toEqual(["kubernet", "pod"]);
  });

  it("reads two words the index knows written as one as that term too, never a stop word's", () => {
    expect(queryTermsOf("a round-trip fare", knowing("round", "trip", "roundtrip", "fare"))).toEqual([
      "round",
      "trip",
      "roundtrip",
      "fare",
    ]);
    expect(queryTermsOf("a round trip", knowing("round", "trip"))).toEqual(["round", "trip"]);
    expect(queryTermsOf("set up for me", knowing("set", "setup", "forme"))).toEqual(["set"]);
  });

  it("reads a short form's plural in capitals as a word, not as camelCase", () => {
    // `PRs` once split like `HTTPServer` into `p` and `rs`, which no long form reads.
    expect(queryTermsOf("which PRs are waiting", knowing("pull", "request", "wait"))).toEqual([
      "pull",
      "request",
      "wait",
    ]);
    expect(queryTermsOf("listVMs", knowing("list", "vms"))).toEqual(["list", "vms"]);
  });

  it("keeps a short form the index knows, and one whose long form it does not know either", () => {
    expect(queryTermsOf("open a PR", knowing("open", "pr", "pull", "request"))).toEqual(["open", "pr"]);
    expect(queryTermsOf("open a PR", knowing("open"))).toEqual(["open", "pr"]);
  });
});
