/**
 * Names as Gemini accepts them. The documentation (FunctionDeclaration.name, in the Gemini API,
 * Firebase AI Logic and Vertex AI references) says a function name "must start with a letter or
 * an underscore", holds only a-z, A-Z, 0-9, underscores and dashes (some references also allow
 * dots and colons: the strictest reading is kept), and is at most 64 characters. Vertex AI's
 * v1beta1 reference says the same of parameter names, without the dashes.
 *
 * A name outside those rules is sent renamed (each other character an underscore, an underscore
 * put first when it starts with a digit, cut to 64), and renamed back when Gemini calls it: a
 * tool's name through the catalogue (`gemini-call.ts`), a property's through the rename
 * tree its schema's conversion returns.
 *
 * @module
 */

/** Gemini's rule for a function name (the strictest of its documented readings). */
export const GEMINI_FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Vertex AI's documented rule for a parameter (property) name. */
export const GEMINI_PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A tool's name as Gemini is shown it: the name itself when Gemini accepts it. */
export function geminiFunctionName(name: string): string {
  return GEMINI_FUNCTION_NAME.test(name) ? name : fitName(name, /[^A-Za-z0-9_-]/g);
}

/** A property's name as Gemini is shown it, unique among `taken` (the names given so far). */
export function geminiPropertyName(name: string, taken: ReadonlySet<string>): string {
  let wire = GEMINI_PROPERTY_NAME.test(name) ? name : fitName(name, /[^A-Za-z0-9_]/g);
  for (let suffix = 2; taken.has(wire); suffix++) wire = `${wire.slice(0, 60)}_${suffix}`;
  return wire;
}

function fitName(name: string, invalid: RegExp): string {
  const replaced = name.replace(invalid, "_");
  const started = /^[A-Za-z_]/.test(replaced) ? replaced : `_${replaced}`;
  return started.slice(0, 64);
}
