/**
 * Splits a tool or parameter name into lower-case words: `github__createIssue`,
 * `create-issue` and `HTTPServer_v2` become `github create issue`, `create issue`,
 * `http server v 2`. Rankers match these words against queries, which never say
 * `create_issue`.
 */
export function splitIdentifier(identifier: string): string[] {
  return splitWords(
    identifier
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .replace(/([a-zA-Z])([0-9])/g, "$1 $2"),
  );
}

/**
 * Splits prose into lower-case words on anything that is not a letter or digit. Unlike
 * {@link splitIdentifier} it leaves `GitHub` or `PostgreSQL` whole, as their users write them.
 */
export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}
