import { CONTINUATION_PREFIX, PAD_TOKEN, SPECIAL_TOKENS, UNK_TOKEN } from "./vocabulary.js";

/**
 * The JSON files of a Hugging Face model folder (transformers.js layout) for the static model.
 */

/** Longest input the tokenizer keeps; a static model has no position limit, this only bounds cost. */
export const MODEL_MAX_LENGTH = 1024;

/**
 * tokenizer.json: BertNormalizer (lowercase, strip accents, clean control characters), BERT
 * pre-tokenisation (split on whitespace and on every punctuation character), and a WordPiece
 * model over whole words — unknown words become [UNK], and words run together can split into
 * known pieces ("##weather"). No special tokens are added around the text: the rows are word
 * vectors and a [CLS] would only dilute the mean.
 */
export function tokenizerJson(tokens: readonly string[]): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  tokens.forEach((token, id) => {
    if (Object.hasOwn(vocab, token)) throw new Error(`duplicate token ${JSON.stringify(token)}`);
    vocab[token] = id;
  });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: true,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: null,
    decoder: { type: "WordPiece", prefix: CONTINUATION_PREFIX, cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: UNK_TOKEN,
      continuing_subword_prefix: CONTINUATION_PREFIX,
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

/** tokenizer_config.json: the generic fast tokenizer, right padding with [PAD]. */
export function tokenizerConfigJson(): Record<string, unknown> {
  return {
    tokenizer_class: "PreTrainedTokenizerFast",
    model_max_length: MODEL_MAX_LENGTH,
    padding_side: "right",
    truncation_side: "right",
    pad_token: PAD_TOKEN,
    unk_token: UNK_TOKEN,
    do_lower_case: true,
    clean_up_tokenization_spaces: true,
    model_input_names: ["input_ids", "attention_mask"],
  };
}

/**
 * config.json. transformers.js picks the runner class from `model_type`; an unknown type loads
 * too, but with an "Unknown model class" warning. "bert" selects its plain encoder-only runner,
 * which feeds the graph's inputs by name and returns `last_hidden_state`, exactly what this
 * graph needs; nothing else of BERT is implied, as `toolsift` below says.
 */
export function configJson(options: { vocabSize: number; hiddenSize: number }): Record<string, unknown> {
  return {
    model_type: "bert",
    hidden_size: options.hiddenSize,
    vocab_size: options.vocabSize,
    max_position_embeddings: MODEL_MAX_LENGTH,
    pad_token_id: 0,
    "transformers.js_config": { dtype: "fp32" },
    toolsift: {
      note: "Static word-embedding lookup (no attention, no positions), not a BERT. model_type 'bert' only selects transformers.js' plain encoder runner. See toolsift.json.",
    },
  };
}
