/** The string with its variables filled in, or why that could not be done. */
export type Expansion = { ok: true; value: string } | { ok: false; problem: string };

const VARIABLE = /\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Fills in environment variables in a config string, so secrets can stay out of the file:
 * `${NAME}` and `${env:NAME}` (the forms Claude Code and VS Code use), and `${NAME:-fallback}`
 * for a default. An unset variable without a default, or any other `${…}` form (VS Code's
 * `${input:…}` prompts, say), is a problem that names the variable.
 *
 * @param expanded - Told of each value taken from `env` (never of a default, which the file
 *   shows anyway), so messages can redact it.
 *
 * @example
 * ```ts
 * expandVariables("Bearer ${env:GITHUB_TOKEN}", { GITHUB_TOKEN: "ghp_x" }); // { ok: true, value: "Bearer ghp_x" }
 * ```
 */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  expanded?: (name: string, value: string) => void,
): Expansion {
  let problem: string | undefined;
  const value = text.replace(VARIABLE, (whole, inner: string) => {
    if (problem !== undefined) return whole;
    const fallbackAt = inner.indexOf(":-");
    const reference = fallbackAt >= 0 ? inner.slice(0, fallbackAt) : inner;
    const name = reference.startsWith("env:") ? reference.slice(4) : reference;
    if (!NAME.test(name)) {
      problem = reference.startsWith("input:")
        ? `uses ${whole}, a VS Code input that only VS Code can fill in; put the value in the file or use \${env:NAME}`
        : `uses ${whole}, which toolsift cannot fill in; it takes \${NAME}, \${env:NAME} and \${NAME:-default}`;
      return whole;
    }
    const set = env[name];
    if (set !== undefined) {
      expanded?.(name, set);
      return set;
    }
    if (fallbackAt >= 0) return inner.slice(fallbackAt + 2);
    problem = `uses \${${reference}}, but the environment variable ${name} is not set; set it, or give a default as \${${name}:-value}`;
    return whole;
  });
  return problem === undefined ? { ok: true, value } : { ok: false, problem };
}
