import type { Dialect } from "./schema-dialect.js";
import { META_VALIDATOR_FACTORIES } from "./meta-validators.generated.js";

/** What checkSchema reads of a validator against a meta-schema: ajv's validate function and its first error. */
export interface MetaValidator {
  (schema: unknown): boolean;
  errors?: readonly { instancePath: string; message?: string }[] | null;
}

const built = new Map<Dialect, MetaValidator>();

/**
 * The dialect's meta-schema check, generated ahead of time by ajv (see
 * scripts/meta-validators.ts): the same code ajv's `validateSchema` compiles on its first
 * call, without loading ajv or compiling anything. Built on first use: most catalogues use one
 * dialect.
 */
export function metaValidator(dialect: Dialect): MetaValidator {
  let validator = built.get(dialect);
  if (!validator) built.set(dialect, (validator = META_VALIDATOR_FACTORIES[dialect]()));
  return validator;
}
