import { isRecord } from "../../util/is-record.js";

/** The `_meta` key of the 2026-07-28 envelope that names the protocol version a request speaks. */
const ENVELOPE_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

/**
 * The protocol version a JSON-RPC message's 2026-07-28 envelope (`params._meta`) names, as sent
 * (not checked: the SDK judges a claim), or `undefined` when it names none: a 2025-era message.
 */
export function envelopeVersionOf(message: unknown): unknown {
  const params = isRecord(message) ? message.params : undefined;
  const meta = isRecord(params) ? params._meta : undefined;
  return isRecord(meta) ? meta[ENVELOPE_VERSION_KEY] : undefined;
}
