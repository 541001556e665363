import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ConfirmationChannel } from "../call-approval.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";

/** This process's key for confirmation ids: one minted here verifies only here (another replica asks again). */
const SECRET = randomBytes(32);
/** How long the user's answer to a confirmation counts: as long as a 2025-era client may take to answer. */
export const CONFIRMATION_VALID_MS = 10 * 60_000;
/** Bounds on what a client echoes back (`requestState`): past them it is ignored, and the user is asked again. */
const MAX_STATE_CHARS = 8_192;
const MAX_CONFIRMED = 16;
const KEY_PREFIX = "confirm.";
/** The elicitation form of a confirmation: nothing to fill in, only accept or decline. */
const EMPTY_FORM = { type: "object", properties: {} } as const;

/** One round of a stateless `tools/call`: what the client declared and sent back with it. */
export interface ConfirmationRound {
  /** The client capabilities of the request's `_meta` envelope. */
  capabilities: unknown;
  /** The `inputResponses` of a retried request (the user's answers). */
  responses: Record<string, unknown> | undefined;
  /** The `requestState` echoed back: the confirmation ids already accepted. */
  state: unknown;
  /** Who calls (the caller's identity with its rights): an id minted for one caller does not confirm another's call. */
  who: string;
}

/**
 * The confirmations of one stateless `tools/call` round, asked with the 2026-07-28 revision's
 * multi-round-trip `input_required` result instead of a server-to-client elicitation request.
 *
 * A confirmation's id is a MAC of the caller, the time and the exact text the user is shown
 * (the tool and its arguments, see `confirmationOf`), so a client can only answer a question
 * this gateway asked, of this call, for this caller, within {@link CONFIRMATION_VALID_MS}. The
 * first round refuses the call and records what to ask ({@link StatelessConfirmations.asked});
 * the handler answers `input_required` with it. The retried round finds the user's answer and
 * the call runs, or is refused as the 2025 era refuses a declined one. Answers already accepted
 * ride back in `requestState` (a call may need two: a changed tool's and a destructive one's).
 */
export class StatelessConfirmations implements ConfirmationChannel {
  /** What this round had to ask and had no answer for, by confirmation id. */
  readonly asked = new Map<string, string>();
  private readonly confirmed: string[];

  constructor(
    private readonly round: ConfirmationRound,
    private readonly inputResponse: ModernSdk["inputResponse"],
    private readonly now: () => number = Date.now,
  ) {
    this.confirmed = confirmedIds(round.state);
  }

  /** The client can be asked when its request declares elicitation (a bare `elicitation: {}` means forms). */
  getClientCapabilities(): { elicitation: { form: Record<string, never> } } | undefined {
    const elicitation = objectAt(this.round.capabilities, "elicitation");
    if (elicitation === undefined) return undefined;
    const declaresModes = "form" in elicitation || "url" in elicitation;
    return !declaresModes || objectAt(elicitation, "form") !== undefined ? { elicitation: { form: {} } } : undefined;
  }

  /**
   * The user's answer to `message`, if this request carries one: accepted earlier (in
   * `requestState`), or answered in this round's `inputResponses`. Without one, the question is
   * recorded and this rejects, so the call is refused in this round and asked in the next.
   */
  elicitInput: ConfirmationChannel["elicitInput"] = async (params) => {
    const { message } = params;
    if (this.confirmed.some((id) => this.verifies(id, message))) return { action: "accept" };
    for (const id of Object.keys(this.round.responses ?? {})) {
      if (!this.verifies(id, message)) continue;
      const answer = this.inputResponse(this.round.responses, id);
      if (answer.kind !== "elicit") continue;
      if (answer.action === "accept") this.confirmed.push(id);
      return { action: answer.action };
    }
    this.asked.set(this.mint(message), message);
    throw new Error("the client was asked to confirm it in an input_required result; it runs when the client retries");
  };

  /** The embedded requests of the `input_required` answer: one form per question asked. */
  inputRequests<Request>(elicit: (params: { message: string; requestedSchema: typeof EMPTY_FORM }) => Request) {
    return Object.fromEntries(
      [...this.asked].map(([id, message]) => [id, elicit({ message, requestedSchema: EMPTY_FORM })]),
    );
  }

  /** The `requestState` of the next round: the confirmations accepted so far. */
  state(): string {
    return JSON.stringify(this.confirmed.slice(-MAX_CONFIRMED));
  }

  private mint(message: string): string {
    const at = String(this.now());
    return `${KEY_PREFIX}${at}.${this.mac(at, message)}`;
  }

  private verifies(id: string, message: string): boolean {
    if (!id.startsWith(KEY_PREFIX)) return false;
    const [at = "", mac = ""] = id.slice(KEY_PREFIX.length).split(".");
    const age = this.now() - Number(at);
    // A clock step back of a minute is tolerated; an id from the future beyond that is not.
    if (!/^\d{1,15}$/.test(at) || !(age <= CONFIRMATION_VALID_MS && age >= -60_000)) return false;
    const expected = Buffer.from(this.mac(at, message));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(at: string, message: string): string {
    return createHmac("sha256", SECRET).update(`${this.round.who}\n${at}\n${message}`).digest("base64url");
  }
}

/** The confirmation ids of an echoed `requestState`; anything else (hostile, too long) counts as none. */
function confirmedIds(state: unknown): string[] {
  if (typeof state !== "string" || state.length > MAX_STATE_CHARS) return [];
  try {
    const parsed: unknown = JSON.parse(state);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is string => typeof id === "string" && id.length < 256).slice(0, MAX_CONFIRMED);
  } catch {
    return [];
  }
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === "object" && found !== null && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
}
