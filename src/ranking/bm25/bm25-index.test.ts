import { describe, expect, it } from "vitest";
import { ExactNames } from "../query/index.js";
import { rankDocumentOf } from "../rank-document.js";
import { Bm25Index } from "./bm25-index.js";
import { BM25_FIELDS, fieldTermsOf } from "./bm25-terms.js";
import { FIELD_COUNT } from "./term-postings.js";

const doc = (name: string, description: string) => rankDocumentOf({ name, description });

describe("Bm25Index", () => {
  it("counts each term's live documents through additions, changes and removals", () => {
    const index = new Bm25Index(0.75, undefined);
    index.update([doc("create_issue", "Create an issue."), doc("close_issue", "Close an issue.")]);
    expect(index.live).toBe(2);
    expect(index.frequencyOf("issu")).toBe(2);
    index.update([doc("create_issue", "Create a ticket."), doc("close_issue", "Close an issue.")]);
    expect(index.frequencyOf("ticket")).toBe(1);
    index.update([doc("create_issue", "Create a ticket.")]);
    expect(index.live).toBe(1);
    expect(index.frequencyOf("close")).toBe(0);
    expect(index.knownIds(["close", "ticket", "nowher"])).toEqual([index.termIdOf("ticket")]);
  });

  it("keeps slots, postings and catalogue order consistent once removed tools are compacted away", () => {
    const index = new Bm25Index(0.75, undefined);
    const tools = Array.from({ length: 40 }, (_, i) => doc(`tool_${i}`, `Tool number ${i} does thing${i}.`));
    index.update(tools);
    // Most tools leave: their entries are the majority, so the index renumbers.
    const kept = tools.filter((_, i) => i % 5 === 0).reverse();
    index.update(kept);
    expect(index.live).toBe(kept.length);
    kept.forEach((tool, order) => {
      const slot = index.slotOf(tool.name)!;
      expect(index.slot(slot).name).toBe(tool.name);
      expect(index.alive[slot]).toBe(1);
      expect(index.order[slot]).toBe(order);
      for (const term of fieldTermsOf(tool).terms.flat())
        expect(index.postingsOf(index.termIdOf(term)!).find(slot)).toBeGreaterThanOrEqual(0);
      // Its name's terms, renumbered with the rest.
      const nameTerms = [...new Set(fieldTermsOf(tool).terms[BM25_FIELDS.indexOf("name")]!)];
      expect([...index.slot(slot).nameTerms]).toEqual(nameTerms.map((term) => index.termIdOf(term)!));
    });
    // Terms only removed tools had are gone.
    for (const term of fieldTermsOf(tools[1]!).terms[0]!.filter((term) => term !== "tool"))
      expect(index.termIdOf(term)).toBeUndefined();
  });

  it("normalises by field length with b, and keeps the name index in step", () => {
    const names = new ExactNames();
    const flat = new Bm25Index(0, names);
    flat.update([doc("a_tool", "Short."), doc("b_tool", "A much longer description of what it does.")]);
    // b = 0: no length normalisation at all.
    expect([...flat.currentNorms()].slice(0, 2 * FIELD_COUNT)).toEqual(Array(2 * FIELD_COUNT).fill(1));
    expect(names.match("a_tool")).toEqual(["a_tool"]);
    flat.update([doc("b_tool", "A much longer description of what it does.")]);
    expect(names.match("a_tool")).toEqual([]);
    const full = new Bm25Index(1, undefined);
    full.update([doc("a_tool", "Short."), doc("b_tool", "A much longer description of what it does.")]);
    const norms = full.currentNorms();
    // The description field (index 2) of the short tool is below average, the long one's above.
    expect(norms[2]!).toBeLessThan(1);
    expect(norms[FIELD_COUNT + 2]!).toBeGreaterThan(1);
  });

  it("averages the examples field over the tools that have examples, so a catalogue enriched in part keeps their weight", () => {
    const examples = BM25_FIELDS.indexOf("examples");
    const index = new Bm25Index(1, undefined);
    const enriched = rankDocumentOf({
      name: "a_tool",
      description: "Short.",
      examples: ["open a ticket for the login bug", "file a bug report"],
    });
    // Nine tools without examples: over all ten, the one enriched would be ten times the average.
    index.update([enriched, ...Array.from({ length: 9 }, (_, i) => doc(`tool_${i}`, "Short."))]);
    expect(index.currentNorms()[examples]).toBe(1);
  });
});
