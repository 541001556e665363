import { describe, expect, it } from "vitest";
import { analyzeIdentifier, analyzeName, analyzeText, joinedTerm } from "./analyze.js";
import { MAX_ANALYSED_CHARS, MAX_WORD_CHARS } from "./limits.js";
import { splitIdentifier, splitWords } from "./split-identifier.js";

/**
 * The regular-expression splitting toolsift used before the linear scan, with the plural of
 * capitals (`IDs`) kept whole since: the behaviour to keep.
 */
function splitIdentifierByRegex(identifier: string): string[] {
  return splitWords(
    identifier
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1 $2")
      .replace(/([a-zA-Z])([0-9])/g, "$1 $2"),
  );
}

describe("text analysis", () => {
  it("splits identifiers on every naming convention", () => {
    expect(splitIdentifier("github__createIssue")).toEqual(["github", "create", "issue"]);
    expect(splitIdentifier("HTTPServer_v2")).toEqual(["http", "server", "v", "2"]);
    expect(splitIdentifier("create-issue")).toEqual(["create", "issue"]);
  });

  it("joins two words into the term they make written as one, but no stop word or number", () => {
    expect(joinedTerm("Zip", "codes")).toBe("zipcod");
    expect(joinedTerm("e", "mail")).toBe("email");
    expect(joinedTerm("time", "zone")).toBe(analyzeText("timezone")[0]);
    expect(joinedTerm("for", "me")).toBeUndefined();
    expect(joinedTerm("set", "up")).toBeUndefined();
    expect(joinedTerm("mp", "3")).toBeUndefined();
  });

  it("reads a lone s after capitals as their plural, not as a word's start", () => {
    expect(splitIdentifier("listVMs")).toEqual(["list", "vms"]);
    expect(splitIdentifier("getIDsForUser")).toEqual(["get", "ids", "for", "user"]);
    expect(splitIdentifier("PRs")).toEqual(["prs"]);
    // A longer lower-case run is a word's start, as in `HTTPServer`.
    expect(splitIdentifier("APIsettings")).toEqual(["ap", "isettings"]);
    expect(analyzeIdentifier("getIDs")).toEqual(["get", "id"]);
  });

  it("splits identifiers exactly as the regular expressions did, on 20,000 random identifiers", () => {
    const alphabet = "aAbBsSzZ09_-.é";
    let seed = 7;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0), seed / 2 ** 32);
    for (let n = 0; n < 20_000; n++) {
      const identifier = Array.from(
        { length: 1 + Math.floor(next() * 12) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
      expect(splitIdentifier(identifier), identifier).toEqual(splitIdentifierByRegex(identifier));
    }
  });

  it("splits prose exactly as the Unicode-property regular expressions do, ASCII or not, on 20,000 random texts", () => {
    // Runs of letters (with their marks) and digits, each run of CJK characters in them read as its pairs.
    const bySplit = (text: string) =>
      text
        .toLowerCase()
        .normalize("NFKC")
        .toLowerCase()
        .split(/[^\p{L}\p{M}\p{N}]+/u)
        .map((word) => word.replace(/^\p{M}+/u, ""))
        .filter((word) => word.length > 0)
        // A word all in Latin script loses its accents, and the letters that hold theirs inside
        // read as a plain keyboard types them.
        .map((word) =>
          /^[\p{sc=Latin}\p{M}\p{N}]+$/u.test(word)
            ? [...word.normalize("NFD")]
                .filter((character) => !/\p{M}/u.test(character))
                .map((character) => ({ ß: "ss", ø: "o", æ: "ae" })[character] ?? character)
                .join("")
            : word,
        )
        .flatMap((word) =>
          (word.match(/\p{sc=Han}+|[^\p{sc=Han}]+/gu) ?? []).flatMap((run) => {
            const characters = [...run];
            if (!/\p{sc=Han}/u.test(run) || characters.length === 1) return [run];
            return characters.slice(1).map((character, i) => characters[i] + character);
          }),
        );
    // ASCII letters, digits and punctuation, and what is not: accents, Latin letters with theirs
    // inside, Kelvin's K (lower-cases to ASCII "k"), dotted I (lower-cases to two code units), CJK,
    // Devanagari with a vowel sign, an emoji, Arabic digits.
    const alphabet = [
      "a",
      "Z",
      "q",
      "0",
      "9",
      " ",
      "-",
      "_",
      ".",
      "/",
      "(",
      "\n",
      "~",
      "\u007f",
      "é",
      "\u212a",
      "\u0130",
      "ß",
      "Ø",
      "æ",
      "क",
      "\u093e",
      "中",
      "文",
      "\u{20000}",
      "😀",
      "\u0301",
      "\ufe0f",
      "\uff21",
      "\ufb01",
      "٣",
    ];
    let seed = 11;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0), seed / 2 ** 32);
    let ascii = 0;
    for (let n = 0; n < 20_000; n++) {
      // Half the texts from the ASCII part alone, so the fast path is most of them.
      const letters = n % 2 === 0 ? 14 : alphabet.length;
      const text = Array.from({ length: Math.floor(next() * 16) }, () => alphabet[Math.floor(next() * letters)]).join(
        "",
      );
      if (/^[\x00-\x7f]*$/.test(text)) ascii++;
      expect(splitWords(text), JSON.stringify(text)).toEqual(bySplit(text));
    }
    expect(ascii).toBeGreaterThan(10_000);
  });

  it("keeps brand words whole in prose", () => {
    expect(splitWords("Creates GitHub issues in PostgreSQL")).toEqual([
      "creates",
      "github",
      "issues",
      "in",
      "postgresql",
    ]);
  });

  it("reads Chinese, Japanese and Korean runs as pairs of characters, beside the words around them", () => {
    expect(splitWords("查询12306余票")).toEqual(["查询", "12306", "余票"]);
    expect(splitWords("根据城市名称查询adcode天气")).toEqual([
      "根据",
      "据城",
      "城市",
      "市名",
      "名称",
      "称查",
      "查询",
      "adcode",
      "天气",
    ]);
    // Kana and kanji together, the katakana prolonged-sound mark included.
    expect(splitWords("東京のニュース")).toEqual(["東京", "京の", "のニ", "ニュ", "ュー", "ース"]);
    expect(splitWords("날씨를 알려줘")).toEqual(["날씨", "씨를", "알려", "려줘"]);
    // A character alone is kept, and a pair of characters outside the BMP stays whole.
    expect(splitWords("票 \u{20000}\u{20001}")).toEqual(["票", "\u{20000}\u{20001}"]);
    expect(analyzeText("火车票余票查询")).toEqual(["火车", "车票", "票余", "余票", "票查", "查询"]);
  });

  it("keeps a letter's marks in its word, and cuts Thai into words by dictionary", () => {
    // A decomposed accent, and Devanagari's vowel signs, are marks: they no longer split a word.
    expect(splitWords("cafe\u0301 चाय कैसे बनाएं")).toEqual(["cafe", "चाय", "कैसे", "बनाएं"]);
    // Compatibility forms read as the plain letters: full-width Latin and digits, ligatures.
    expect(splitWords("ＡＰＩ１２３で検索 \ufb01le")).toEqual(["api123", "で検", "検索", "file"]);
    // An emoji's variation selector, a mark with no letter, is no word.
    expect(splitWords("\u2764\ufe0f ok")).toEqual(["ok"]);
    // An unbroken run past what the breaker reads keeps its rest as one word: bounded work.
    const unbroken = "บริการรีดผ้า".repeat(1_000);
    const cut = splitWords(unbroken);
    expect(cut.at(-1)).toBe(unbroken.slice(2_048));
    expect(cut.slice(0, -1).join("")).toBe(unbroken.slice(0, 2_048));
    expect(splitWords("ช่วยหาคุณแม่บ้านที่ให้บริการรีดผ้า")).toEqual([
      "ช่วย",
      "หา",
      "คุณ",
      "แม่",
      "บ้าน",
      "ที่",
      "ให้",
      "บริการ",
      "รีด",
      "ผ้า",
    ]);
  });

  it("reads a Latin word without its accents, as a plain keyboard types it", () => {
    expect(splitWords("Réserver une table au Café")).toEqual(["reserver", "une", "table", "au", "cafe"]);
    expect(splitWords("Straße Øresund Hà Nội naïve")).toEqual(["strasse", "oresund", "ha", "noi", "naive"]);
    // Composed and decomposed accents, typed or not: one term.
    expect(analyzeText("caf\u00e9")).toEqual(analyzeText("cafe"));
    expect(analyzeText("cafe\u0301")).toEqual(analyzeText("cafe"));
    // Other scripts keep their marks: a vowel sign is part of the letter.
    expect(splitWords("Café हिन्दी")).toEqual(["cafe", "हिन्दी"]);
    expect(splitWords("ช่วยหา")).toEqual(["ช่วย", "หา"]);
  });

  it("stems and drops stop words", () => {
    expect(analyzeText("Please list all of the open issues")).toEqual(["list", "open", "issu"]);
    expect(analyzeIdentifier("jira__searchIssues")).toEqual(["jira", "search", "issu"]);
  });

  describe("a tool name's terms", () => {
    it("read a word of letters then digits whole, beside its split", () => {
      expect(analyzeName("aws-s3__putObjectV2")).toEqual({
        terms: ["aw", "s", "3", "put", "object", "v", "2", "s3", "v2"],
        words: 7,
      });
      expect(analyzeName("resnet50_classify").terms).toEqual(["resnet", "50", "classifi", "resnet50"]);
      // Requests write these as prose does, so the joined reading is prose's.
      for (const word of ["s3", "EC2", "base64", "mp4", "judge0"]) {
        expect(analyzeName(`convert_${word}`).terms).toContain(analyzeText(word)[0]);
      }
    });

    it("add nothing to a name without such a word, and no word for a joined reading", () => {
      for (const name of ["github__listPullRequests", "get_v_2", "gpt-4o", "a1b2c3", "HTTPServer", "3d_print"]) {
        expect(analyzeName(name)).toEqual({ terms: analyzeIdentifier(name), words: analyzeIdentifier(name).length });
      }
      const name = "getV2Users_for_s3";
      expect(analyzeName(name).words).toBe(analyzeIdentifier(name).length);
      expect(analyzeName(name).terms.slice(0, analyzeName(name).words)).toEqual(analyzeIdentifier(name));
    });
  });

  describe("bounds the work on hostile strings", () => {
    // Before the bounds, a 20,000-character word took 1 to 7 s (stemming and the identifier
    // regular expressions were quadratic). Each case must now stay far under the 50 ms;
    // the assertion leaves room for a loaded machine.
    const GENEROUS_MS = 250;
    const timed = <T>(work: () => T): [T, number] => {
      const started = performance.now();
      const result = work();
      return [result, performance.now() - started];
    };

    it.each([
      ["one 100,000-character word", "a".repeat(100_000)],
      ["a 100,000-character run of capitals", "A".repeat(100_000)],
      ["alternating case", "aB".repeat(50_000)],
      ["a megabyte of words", "word ".repeat(200_000)],
      ["100,000 Han characters", "天气".repeat(50_000)],
      // Folding accents decomposes each letter: still linear in the cut text.
      ["100,000 accented Latin letters", "é".repeat(100_000)],
      // One character NFKC writes as eighteen: the folded text is cut again.
      ["40,000 characters that fold eighteenfold", "\ufdfa".repeat(40_000)],
      // Every word joined as well as split: the joined readings are found in one pass.
      ["60,000 characters of letters then digits", "a1_".repeat(20_000)],
    ])("%s: cut to bounded words and text", (_name, text) => {
      for (const analyse of [analyzeText, analyzeIdentifier, (name: string) => analyzeName(name).terms]) {
        const [terms, ms] = timed(() => analyse(text));
        expect(ms).toBeLessThan(GENEROUS_MS);
        expect(terms.every((term) => term.length <= MAX_WORD_CHARS)).toBe(true);
        expect(terms.length).toBeLessThanOrEqual(MAX_ANALYSED_CHARS);
      }
    });

    it("still matches a long word with itself", () => {
      const word = `x${"yz".repeat(100)}`;
      expect(analyzeText(`find ${word}`)).toContain(analyzeText(word)[0]);
    });
  });
});
