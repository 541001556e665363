import { createHmac, randomUUID } from "node:crypto";
import type { MissKind, MissRecord } from "../../public/learning.js";

/** The HMAC a store would keep for `text`, under a fixed test key. */
export function requestHash(text: string): string {
  return createHmac("sha256", "test key").update(text).digest("hex");
}

/** A miss record for tests: the request's text kept unless `withText` is false. */
export function miss(
  text: string,
  fields: { kind?: MissKind; at?: string; scope?: string; answer?: string; server?: string; withText?: boolean } = {},
): MissRecord {
  const {
    kind = "empty",
    at = "2026-12-01T10:00:00.000Z",
    scope = "default",
    answer,
    server,
    withText = true,
  } = fields;
  return {
    id: randomUUID(),
    at,
    scope,
    kind,
    request: { hash: requestHash(text), length: text.length, ...(withText ? { text } : {}) },
    results: [],
    ...(answer === undefined ? {} : { answer }),
    ...(server === undefined ? {} : { server }),
  };
}
