/** Words whose ids are remembered: a catalogue and its queries use a few thousand. */
const MAX_REMEMBERED_WORDS = 50_000;
/** Longer words are encoded each time; they are rare, and would make the memory unbounded. */
const MAX_REMEMBERED_WORD_CHARS = 64;

type Json = Record<string, unknown>;

const typeOf = (value: unknown): unknown =>
  typeof value === "object" && value !== null ? (value as Json).type : undefined;

/**
 * Whether this tokenizer gives a text the ids of its space-separated words, one word after
 * another: then each distinct word needs encoding once, not once per text it is in.
 *
 * That holds for BERT-style tokenizers (the bundled model's): the BERT normalizer works
 * character by character (its one context rule, lower-casing a final sigma, looks no further
 * than the next space), the BERT and whitespace pre-tokenizers split at every space, a
 * WordPiece or WordLevel model encodes each piece alone, and without a post-processor no
 * special token is added around the whole text. Anything else (a byte-level BPE, whose ids
 * depend on the space before a word; added tokens that hold a space or strip one) is read
 * whole, as before.
 *
 * @param tokenizer - The parsed tokenizer.json.
 * @param config - tokenizer_config.json, `{}` when there is none.
 */
export function tokenizesWordByWord(tokenizer: unknown, config: Readonly<Record<string, unknown>>): boolean {
  if (typeof tokenizer !== "object" || tokenizer === null) return false;
  const {
    normalizer,
    pre_tokenizer: preTokenizer,
    model,
    post_processor: postProcessor,
    added_tokens: addedTokens,
  } = tokenizer as Json;
  if (normalizer != null && typeOf(normalizer) !== "BertNormalizer") return false;
  if (typeOf(preTokenizer) !== "BertPreTokenizer" && typeOf(preTokenizer) !== "WhitespaceSplit") return false;
  if (typeOf(model) !== "WordPiece" && typeOf(model) !== "WordLevel") return false;
  if (postProcessor != null) return false;
  if (config.remove_space !== undefined || config.do_lowercase_and_remove_accent !== undefined) return false;
  if (addedTokens !== undefined && !Array.isArray(addedTokens)) return false;
  return ((addedTokens ?? []) as unknown[]).every((token) => {
    const { content, lstrip, rstrip } = (token ?? {}) as Json;
    return typeof content === "string" && !/\s/.test(content) && lstrip !== true && rstrip !== true;
  });
}

/**
 * A text's token ids as `encode` gives them, computed word by word with each word's ids
 * remembered. Only for a tokenizer {@link tokenizesWordByWord} vouches for.
 */
export function wordByWordIds(encode: (text: string) => readonly number[]): (text: string) => number[] {
  const byWord = new Map<string, readonly number[]>();
  return (text) => {
    const ids: number[] = [];
    for (const word of text.split(" ")) {
      if (word === "") continue;
      let wordIds = byWord.get(word);
      if (wordIds === undefined) {
        wordIds = encode(word);
        if (word.length <= MAX_REMEMBERED_WORD_CHARS && byWord.size < MAX_REMEMBERED_WORDS) byWord.set(word, wordIds);
      }
      for (const id of wordIds) ids.push(id);
    }
    return ids;
  };
}

/** Printable ASCII, and characters outside it that need a closer look (see {@link ownable}). */
const PRINTABLE_ASCII_AND_MORE = /^(?:[\x21-\x7e]|[^\x00-\x7f\s\ud800-\udfff])+$/;
const NON_ASCII = /[^\x00-\x7f]/g;
const PUNCTUATION = /^\p{P}$/u;
/** BERT's pre-tokenizer on those words: runs of ASCII letters and digits, and each other character alone. */
const PIECES = /[A-Za-z0-9]+|[^A-Za-z0-9]/g;

/**
 * Whether the own WordPiece reads this word: printable ASCII, where it may also hold
 * punctuation from outside ASCII ("…", "—", "“") that every normalising step leaves as it is
 * (no lower-case form, no decomposition), which the pre-tokenizer splits off alone. Anything
 * else (letters with accents, CJK, controls, a lone surrogate) goes to the library.
 */
function ownable(word: string): boolean {
  if (!PRINTABLE_ASCII_AND_MORE.test(word)) return false;
  for (const [char] of word.matchAll(NON_ASCII)) {
    if (!PUNCTUATION.test(char!) || char!.toLowerCase() !== char || char!.normalize("NFD") !== char) return false;
  }
  return true;
}

/**
 * The ids of a printable-ASCII word (see {@link ownable}), computed here as the tokenizer library computes them for
 * a BERT WordPiece tokenizer (lower-casing, splitting off punctuation, greedy longest-match
 * WordPiece), or `undefined` for any other word, which the caller gives to the library.
 * Building the library's tokenizer and calling it cost more than the rest of embedding a
 * catalogue, and a catalogue's words are nearly all ASCII, so the library is then loaded only
 * for a word that needs it. `undefined` when the tokenizer is not of that kind.
 *
 * What it must agree with, id for id, is `Tokenizer.encode` of @huggingface/tokenizers: the
 * tests compare the two on the bundled tokenizer, on every word of a catalogue and on random text.
 */
export function asciiWordPiece(
  tokenizer: unknown,
  config: Readonly<Record<string, unknown>>,
): ((word: string) => number[] | undefined) | undefined {
  if (!tokenizesWordByWord(tokenizer, config)) return undefined;
  const json = tokenizer as Json;
  const model = json.model as Json;
  const vocab = model.vocab;
  const { unk_token: unkToken, continuing_subword_prefix: prefix } = model;
  const maxChars = model.max_input_chars_per_word ?? 100;
  if (model.type !== "WordPiece" || typeof vocab !== "object" || vocab === null || Array.isArray(vocab))
    return undefined;
  if (typeof unkToken !== "string" || typeof prefix !== "string" || typeof maxChars !== "number") return undefined;
  const vocabulary = vocab as Record<string, unknown>;
  // As the library: added tokens take their own id, and count as known pieces.
  const added = new Map<string, number>();
  for (const token of (json.added_tokens ?? []) as Json[]) {
    // A normalised added token is also matched in its normalised form: leave that to the library.
    if (typeof token.id !== "number" || token.normalized !== false) return undefined;
    added.set(token.content as string, token.id);
  }
  const inVocabulary = (piece: string): number | undefined => {
    const id = Object.hasOwn(vocabulary, piece) ? vocabulary[piece] : undefined;
    return typeof id === "number" ? id : undefined;
  };
  // The library's unknown id is the vocabulary's, read before the added tokens join it.
  const unkId = inVocabulary(unkToken);
  if (unkId === undefined) return undefined;
  const normalizer = json.normalizer as Json | null | undefined;
  const lowercase = normalizer != null && Boolean(normalizer.lowercase);
  const splitPunctuation = (json.pre_tokenizer as Json).type === "BertPreTokenizer";
  const addedContents = [...added.keys()];
  const known = (piece: string) => added.has(piece) || inVocabulary(piece) !== undefined;
  const idOf = (token: string): number | undefined => added.get(token) ?? inVocabulary(token) ?? unkId;

  return (word) => {
    if (!ownable(word)) return undefined;
    const text = lowercase ? word.toLowerCase() : word;
    // The library splits added tokens out before anything else: leave such words to it.
    if (addedContents.some((content) => word.includes(content) || text.includes(content))) return undefined;
    const ids: number[] = [];
    for (const piece of splitPunctuation ? text.match(PIECES)! : [text]) {
      if (piece.length > maxChars) {
        ids.push(idOf(unkToken)!);
        continue;
      }
      const start = ids.length;
      let from = 0;
      while (from < piece.length) {
        let to = piece.length;
        let found: string | undefined;
        for (; from < to; to--) {
          const candidate = from > 0 ? prefix + piece.slice(from, to) : piece.slice(from, to);
          if (known(candidate)) {
            found = candidate;
            break;
          }
        }
        if (found === undefined) {
          ids.length = start;
          ids.push(idOf(unkToken)!);
          break;
        }
        ids.push(idOf(found)!);
        from = to;
      }
    }
    return ids;
  };
}
