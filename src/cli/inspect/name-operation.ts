import { REQUEST_VERBS } from "../../for-apps.js";

/**
 * Verbs that change something, by what they do to it. Every other request verb only reads or
 * computes (`get`, `list`, `search`, `calculate`, `convert`, …): two of those are often one
 * operation under two names (`getMolarMass`, `calculateMolarMass`), so they are not told apart.
 */
const CHANGES: Readonly<Record<string, readonly string[]>> = {
  create: [
    "create",
    "add",
    "insert",
    "post",
    "register",
    "upload",
    "import",
    "submit",
    "publish",
    "send",
    "reply",
    "write",
    "save",
    "invite",
    "book",
    "order",
  ],
  delete: ["delete", "remove", "erase", "purge", "cancel", "revoke", "clear", "kill", "unpin", "unsubscribe"],
  update: [
    "update",
    "modify",
    "edit",
    "amend",
    "set",
    "put",
    "patch",
    "rename",
    "change",
    "move",
    "reset",
    "restore",
    "configure",
    "enable",
    "disable",
    "mark",
    "label",
    "tag",
    "assign",
    "pin",
    "mute",
    "unmute",
    "merge",
    "resize",
  ],
  run: [
    "run",
    "execute",
    "trigger",
    "start",
    "stop",
    "restart",
    "retry",
    "rerun",
    "deploy",
    "scale",
    "install",
    "play",
  ],
};

const CHANGE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CHANGES).flatMap(([change, verbs]) => verbs.map((verb) => [verb, change] as const)),
);

/**
 * What a tool's name says it does: the first of its words that is a verb, read as the change it
 * makes (`create`, `delete`, `update`, `run`) or as `read` for a verb that changes nothing;
 * `undefined` when no word is a verb (`browser_tabs`). The first, since a later one is often the
 * object: `post` of `wordpress_get_post`.
 *
 * @example
 * ```ts
 * nameOperation(["kv", "put"]);          // "update"
 * nameOperation(["calculate", "roi"]);   // "read"
 * nameOperation(["browser", "tabs"]);    // undefined
 * ```
 */
export function nameOperation(words: readonly string[]): string | undefined {
  for (const word of words) {
    const verb = word.toLowerCase();
    const change = CHANGE_OF.get(verb);
    if (change !== undefined) return change;
    if (REQUEST_VERBS.has(verb)) return "read";
  }
  return undefined;
}

/**
 * Whether two tools' names say different operations on their object: one reads and the other
 * changes it (`kv_get`, `kv_put`), or they change it differently (`add_translation`,
 * `delete_translation`). Then the names tell a model which to use, however alike the
 * descriptions are. False when either name has no verb, or both read (`get_shortest_distance`,
 * `calculate_shortest_distance` may well be one operation twice).
 */
export function differentOperations(a: readonly string[], b: readonly string[]): boolean {
  const first = nameOperation(a);
  const second = nameOperation(b);
  return first !== undefined && second !== undefined && first !== second;
}
