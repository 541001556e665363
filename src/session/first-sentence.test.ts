import { describe, expect, it } from "vitest";
import { firstSentence } from "./first-sentence.js";

describe("firstSentence", () => {
  it("stops at the first sentence end", () => {
    expect(firstSentence("Create an issue. Returns its number.")).toBe("Create an issue.");
    expect(firstSentence("Is it up? Checks health.")).toBe("Is it up?");
  });

  it("does not stop inside abbreviations, versions or paths", () => {
    expect(firstSentence("Reads a file, e.g. a config at ./app.json. Returns text.")).toBe(
      "Reads a file, e.g. a config at ./app.json.",
    );
    expect(firstSentence("Uses API v1.2 for lookups. More.")).toBe("Uses API v1.2 for lookups.");
  });

  it("takes the whole text when there is one sentence, and folds white space", () => {
    expect(firstSentence("  Lists\n  repositories  ")).toBe("Lists repositories");
  });

  it("cuts a long first sentence at a word, with an ellipsis", () => {
    const long = `${"word ".repeat(60)}end.`;
    const cut = firstSentence(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });
});

describe("firstSentence: where a sentence ends", () => {
  it("ends before a quote or a bracket that opens the next sentence", () => {
    expect(firstSentence('Lists files. "Hidden" ones are skipped.')).toBe("Lists files.");
    expect(firstSentence("Lists files. (Hidden ones are skipped.)")).toBe("Lists files.");
    expect(firstSentence("Lists files. [Beta] Hidden ones are skipped.")).toBe("Lists files.");
  });

  it("does not end at a full stop inside a path, even before a capital", () => {
    expect(firstSentence("Reads ./Docs/README.md files. More.")).toBe("Reads ./Docs/README.md files.");
  });

  it("does not end before a lower-case word", () => {
    expect(firstSentence("Counts items, i.e. rows. Fast.")).toBe("Counts items, i.e. rows.");
  });
});

describe("firstSentence: cutting a long first sentence", () => {
  it("keeps a first sentence of exactly 160 characters whole", () => {
    const exact = `${"a".repeat(159)}.`;
    expect(firstSentence(`${exact} Next.`)).toBe(exact);
  });

  it("cuts a sentence without spaces at 159 characters and an ellipsis", () => {
    expect(firstSentence("a".repeat(200))).toBe(`${"a".repeat(159)}…`);
  });

  it("cuts at the last space only when it keeps more than half", () => {
    // The last space before the cut is at index 80, exactly half of 160: cutting there would lose too much.
    expect(firstSentence(`${"a".repeat(80)} ${"b".repeat(100)}`)).toBe(`${"a".repeat(80)} ${"b".repeat(78)}…`);
    expect(firstSentence(`${"a".repeat(81)} ${"b".repeat(100)}`)).toBe(`${"a".repeat(81)}…`);
  });

  it("drops the punctuation and spaces before the ellipsis", () => {
    expect(firstSentence(`${"word ".repeat(30)}list:, ${"x".repeat(100)}`)).toBe(`${"word ".repeat(30)}list…`);
  });

  it("cuts before an emoji that straddles the cut, leaving no half of it", () => {
    expect(firstSentence(`${"a".repeat(158)}😀${"a".repeat(50)}`)).toBe(`${"a".repeat(158)}…`);
  });

  it("keeps an emoji that ends right at the cut", () => {
    expect(firstSentence(`${"a".repeat(157)}😀${"a".repeat(50)}`)).toBe(`${"a".repeat(157)}😀…`);
  });
});

describe("firstSentence: descriptions laid out in sections", () => {
  it("reads past a section title and a list marker to what the tool does", () => {
    const description =
      "\n    🎯 Purpose:\n      1. Lists the open deals of a sales pipeline.\n\n    📦 Returns:\n      1. Deals.\n";
    expect(firstSentence(description)).toBe("Lists the open deals of a sales pipeline.");
  });

  it("takes a pictograph title without a colon when a list follows it", () => {
    expect(firstSentence("🔑 Access\n  1. Checks which scopes the token grants.\n")).toBe(
      "Checks which scopes the token grants.",
    );
  });

  it("keeps a first line without a pictograph or colon, even over a list", () => {
    expect(firstSentence("Merge a pull request\n- owner: who owns it\n- repo: its name")).toBe("Merge a pull request");
  });

  it("prefers the purpose section when a description opens with another", () => {
    const description =
      "⚠️ Caution:\n  1. Write warning: changes live records. Ask first.\n\n🎯 Purpose:\n  1. Creates many records of one type in a single call.\n";
    expect(firstSentence(description)).toBe("Creates many records of one type in a single call.");
    expect(firstSentence("## Notes\nRuns slowly.\n\n## Description\nExports a report as CSV.")).toBe(
      "Exports a report as CSV.",
    );
  });

  it("keeps a description's own first paragraph even when a later section is its purpose", () => {
    expect(firstSentence("Exports a report.\n\n## Purpose\nSomething else.")).toBe("Exports a report.");
    expect(firstSentence("\n  Exports a report.\n\n  ## Purpose\n  Something else.")).toBe("Exports a report.");
  });

  it("ends the paragraph at a blank line, a label or a list, with no full stop", () => {
    expect(firstSentence("Get the weather for a city\n\nArgs:\n    city: its name")).toBe("Get the weather for a city");
    expect(firstSentence("Get the weather for a city\nArgs:\n    city: its name")).toBe("Get the weather for a city");
    expect(firstSentence("Get the weather for a city\n```json\n{}\n```")).toBe("Get the weather for a city");
  });

  it("joins a wrapped line to its paragraph", () => {
    expect(firstSentence("Search for repositories\n    by name and topic.\n\nArgs: q")).toBe(
      "Search for repositories by name and topic.",
    );
  });

  it("ends a sentence before markdown, code or a tag that opens the next", () => {
    expect(firstSentence("Map a site's pages. **Best for:** finding sections.")).toBe("Map a site's pages.");
    expect(firstSentence("Check a job. `id` comes from start_job.")).toBe("Check a job.");
    expect(firstSentence("Check a job. <b>Auth</b> needed.")).toBe("Check a job.");
  });

  it("drops emphasis from the stub", () => {
    expect(firstSentence("Deletes **every** row. Careful.")).toBe("Deletes every row.");
  });

  it("does not end a sentence after e.g., i.e., vs. or cf., whatever follows", () => {
    expect(firstSentence("Moves an issue (e.g. To Do → Done) by a transition. More.")).toBe(
      "Moves an issue (e.g. To Do → Done) by a transition.",
    );
    expect(firstSentence("Sorts rows, i.e. `ORDER BY`. More.")).toBe("Sorts rows, i.e. `ORDER BY`.");
  });

  it("skips a tag on a line of its own, and unwraps a paragraph in a tag", () => {
    expect(firstSentence("\n  <use_case>\n    Migrates a table's schema.\n    More.\n  </use_case>")).toBe(
      "Migrates a table's schema.",
    );
    expect(firstSentence("<description>Lists files</description>")).toBe("Lists files");
    expect(firstSentence("<b>Lists</b> files")).toBe("<b>Lists</b> files");
  });

  it("takes the list a paragraph's colon opens", () => {
    expect(firstSentence("Reads a file's metadata, including:\n  - size\n  - owner;\n\nOnly in allowed folders.")).toBe(
      "Reads a file's metadata, including: size, owner",
    );
  });

  it("reads the whole text when every line is a title", () => {
    expect(firstSentence("Args:\n\nReturns:")).toBe("Args: Returns:");
  });

  it("reads only the first 4,000 characters of a huge description", () => {
    const titles = "Args:\n".repeat(1_000);
    expect(firstSentence(`${titles}Lists files.`)).toBe(firstSentence(titles.slice(0, 4_000)));
    expect(firstSentence(`${"x ".repeat(500_000)}.`)).toBe(`${"x ".repeat(79).trim()}…`);
  });

  it("reads what is not a title as text: a pictograph sentence, a long or stopped pictograph line, a label of four words", () => {
    expect(firstSentence("🚀 Deploys the app to production.\n\nMore.")).toBe("🚀 Deploys the app to production.");
    expect(firstSentence("🔑 Checks the scopes it grants\n- token: the token")).toBe("🔑 Checks the scopes it grants");
    expect(firstSentence("Find files 🔍\n- by name")).toBe("Find files 🔍");
    expect(firstSentence("🧭 Usage Guidance Notes\n1. Call it first.")).toBe("Call it first.");
    expect(firstSentence("📦 Returns v1.2\n- names of files")).toBe("names of files");
    expect(firstSentence("Read this first:\n  Lists files.")).toBe("Lists files.");
    expect(firstSentence("Read  this  first:\n  Lists files.")).toBe("Lists files.");
    expect(firstSentence("Read this part first:\n  Lists files.")).toBe("Read this part first: Lists files.");
  });

  it("takes only a heading's marks at a line's start for a heading, and a list marker only at its start", () => {
    expect(firstSentence("# Overview\nExports a report.")).toBe("Exports a report.");
    expect(firstSentence("Runs C# scripts\n\nMore.")).toBe("Runs C# scripts");
    expect(firstSentence("Runs a query\nwritten in C# or SQL.")).toBe("Runs a query written in C# or SQL.");
    expect(firstSentence("Lists files\n## Details\nmore")).toBe("Lists files");
    expect(firstSentence("Lists files\n# Details\nmore")).toBe("Lists files");
    expect(firstSentence("Lists files - recursively.")).toBe("Lists files - recursively.");
    expect(firstSentence("Steps:\n10. Lists files.")).toBe("Lists files.");
  });

  it("ends the paragraph at a blank line before more text", () => {
    expect(firstSentence("Lists files\n\nMore text here")).toBe("Lists files");
  });

  it("folds white space inside a line", () => {
    expect(firstSentence("Lists  two\tkinds of files.")).toBe("Lists two kinds of files.");
  });

  it("reads a purpose section only by its own title, and only when something is under it", () => {
    const caution = "⚠️ Caution:\n1. Careful with it.\n\n";
    expect(firstSentence(`${caution}📌 Main purpose:\n1. Lists files.`)).toBe("Careful with it.");
    expect(firstSentence(`${caution}Overview of limits:\n1. Lists files.`)).toBe("Careful with it.");
    expect(firstSentence(`${caution}🎯 Purpose:`)).toBe("Careful with it.");
    expect(firstSentence(`${caution}🎯 Purpose\n1. Lists files.`)).toBe("Lists files.");
    expect(firstSentence("Args:\n  Lists files.\n\nReturns:\n  names")).toBe("Lists files.");
  });

  it("leaves a tag that is not alone on its line, and unwraps a wrapped paragraph's spaces", () => {
    expect(firstSentence("<use_case>\nMigrates a schema.\n\nMore.")).toBe("Migrates a schema.");
    expect(firstSentence("Lists <b>bold</b>")).toBe("Lists <b>bold</b>");
    expect(firstSentence("<description> Lists files </description>")).toBe("Lists files");
  });

  it("keeps a list item's inner stops, and a list at the very end", () => {
    expect(firstSentence("Reads a file's metadata, including:\n- file.txt size\n- owner")).toBe(
      "Reads a file's metadata, including: file.txt size, owner",
    );
  });

  it("does not end a sentence before a lower-case word", () => {
    expect(firstSentence("Sorts rows. then filters them.")).toBe("Sorts rows. then filters them.");
  });

  it("folds the whole text when every line is a title", () => {
    expect(firstSentence("\n  Args:\n\n  Returns:\n")).toBe("Args: Returns:");
  });
});
