import { describe, expect, it } from "vitest";
import { longForms, longFormTerms } from "./abbreviations.js";
import { analyzeText } from "./analyze.js";

describe("longFormTerms", () => {
  it("gives the analysed long form of a short form, in any case", () => {
    expect(longFormTerms("PRs")).toEqual(analyzeText("pull requests"));
    expect(longFormTerms("repo")).toEqual(["repositori"]);
    expect(longFormTerms("K8S")).toEqual(analyzeText("kubernetes"));
  });

  it("knows no word that is not a short form, nor an object's inherited keys", () => {
    expect(longFormTerms("bug")).toBeUndefined();
    expect(longFormTerms("constructor")).toBeUndefined();
    expect(longFormTerms("__proto__")).toBeUndefined();
  });

  it("reads a table of one's own over the built-in one, in any case, or none", () => {
    const read = longForms({ SVC: "service", repo: "code repository" });
    expect(read("svc")).toEqual(["servic"]);
    expect(read("Repo")).toEqual(analyzeText("code repository"));
    expect(read("k8s")).toEqual(analyzeText("kubernetes"));
    expect(longForms(false)("repo")).toBeUndefined();
  });
});
