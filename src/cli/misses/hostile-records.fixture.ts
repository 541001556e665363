import type { MissRecord } from "../../public/learning.js";
import { miss } from "./miss-records.fixture.js";

/** Payloads that would become markup, or run, if a page took them as HTML. */
export const HOSTILE = {
  script: `<script>document.title="pwned"</script>`,
  attribute: `" onload="document.title='pwned'" x="`,
  endSvg: `</svg><img src=x onerror="document.title='pwned'">`,
  endStyle: `</style><style>body{display:none}</style>`,
  entity: `&lt;script&gt;`,
};

/**
 * Misses over five days whose requests, tools, servers and scopes are all hostile, beside plain
 * ones: two server series with misses, bars for three servers and the records with none.
 */
export function hostileRecords(): MissRecord[] {
  const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();
  return [
    miss(HOSTILE.script, { at: at(1), answer: HOSTILE.endSvg, server: HOSTILE.attribute, kind: "found-late" }),
    miss(HOSTILE.script, { at: at(2), answer: HOSTILE.endSvg, server: HOSTILE.attribute, kind: "found-late" }),
    miss(HOSTILE.attribute, { at: at(2), answer: "github__list_prs", server: "github", scope: HOSTILE.endStyle }),
    miss(HOSTILE.endSvg, { at: at(3), kind: "weak" }),
    miss(HOSTILE.entity, { at: at(4), answer: "github__create_issue", server: "github", kind: "found-late" }),
    miss("list open pull requests", { at: at(5), answer: "github__list_prs", server: "github" }),
    miss("read a file", { at: at(5, 12), answer: HOSTILE.endStyle, server: "fs" }),
  ];
}
