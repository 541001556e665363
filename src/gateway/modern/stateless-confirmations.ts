import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { errorText } from "../../errors.js";
import type { ConfirmationChannel } from "../call-approval.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";
import type { ConfirmationLedger } from "./confirmation-ledger.js";

/** How long the user's answer to a confirmation counts: as long as a 2025-era client may take to answer. */
export const CONFIRMATION_VALID_MS = 10 * 60_000;
/** A clock step back of a minute between replicas is tolerated; a state from further in the future is not. */
const CLOCK_SKEW_MS = 60_000;
/** Bounds on what a client echoes back (`requestState`): past them it is refused. */
const MAX_STATE_CHARS = 8_192;
const MAX_CONFIRMED = 16;
const VERSION = "v1";
/** The elicitation form of a confirmation: nothing to fill in, only accept or decline. */
const EMPTY_FORM = { type: "object", properties: {} } as const;

/** One round of a stateless `tools/call`: what the client declared and sent back with it. */
export interface ConfirmationRound {
  /** The client capabilities of the request's `_meta` envelope. */
  capabilities: unknown;
  /** The `inputResponses` of a retried request (the user's answers). */
  responses: Record<string, unknown> | undefined;
  /** The `requestState` echoed back, as the previous round signed it. */
  state: unknown;
  /** Who calls (the caller's identity with its rights): a state signed for one caller does not confirm another's call. */
  who: string;
}

/** What a signed `requestState` says: the questions of the round that made it, and the answers accepted before. */
interface SignedState {
  /** A random nonce: the state is spent the first time a round reads it, on any replica. */
  n: string;
  /** When the chain's first question was asked: every answer in it expires together. */
  t: number;
  /** The questions asked (id → digest of the exact text shown the user: the tool and its arguments). */
  a: Record<string, string>;
  /** Digests of the questions already accepted. */
  c: string[];
}

/** A `requestState` this gateway cannot honour: the call is refused with this reason, and runs nowhere. */
export class ConfirmationRefused extends Error {}

/**
 * The confirmations of one stateless `tools/call` round, asked with the 2026-07-28 revision's
 * multi-round-trip `input_required` result instead of a server-to-client elicitation request.
 *
 * The first round refuses the call and records what to ask ({@link StatelessConfirmations.asked});
 * the handler answers `input_required` with it and a `requestState` signed under the ledger's
 * key (shared by every replica of one session store) and bound to the caller: it names the
 * questions asked (each by a digest of the exact text the user is shown, the tool and its
 * arguments) and the answers already accepted (a call may need two: a changed tool's and a
 * destructive one's). The retried round, on whichever replica, verifies the state, spends its
 * nonce (once, across replicas: a replayed round is refused, so a confirmed call runs once), and
 * honours only answers to the questions that state asked, within {@link CONFIRMATION_VALID_MS}.
 */
export class StatelessConfirmations implements ConfirmationChannel {
  /** What this round had to ask and had no answer for, by question id. */
  readonly asked = new Map<string, string>();
  /** Digests of the questions accepted so far (the previous rounds' and this one's). */
  private readonly confirmed: string[] = [];
  private prior: Promise<SignedState | undefined> | undefined;

  constructor(
    private readonly round: ConfirmationRound,
    private readonly inputResponse: ModernSdk["inputResponse"],
    private readonly ledger: ConfirmationLedger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client can be asked when its request declares elicitation (a bare `elicitation: {}` means forms). */
  getClientCapabilities(): { elicitation: { form: Record<string, never> } } | undefined {
    const elicitation = objectAt(this.round.capabilities, "elicitation");
    if (elicitation === undefined) return undefined;
    const declaresModes = "form" in elicitation || "url" in elicitation;
    return !declaresModes || objectAt(elicitation, "form") !== undefined ? { elicitation: { form: {} } } : undefined;
  }

  /**
   * The user's answer to `message`, if this round carries one: accepted in an earlier round, or
   * answered now to a question the previous round asked. Without one, the question is recorded
   * and this rejects, so the call is refused in this round and asked in the next. A state that
   * is not this gateway's, not this caller's, expired or already spent rejects with
   * {@link ConfirmationRefused}: the call is refused, and says why.
   */
  elicitInput: ConfirmationChannel["elicitInput"] = async (params) => {
    const { message } = params;
    this.prior ??= this.readState();
    const prior = await this.prior;
    const digest = digestOf(message);
    if (this.confirmed.includes(digest) || prior?.c.includes(digest)) {
      if (!this.confirmed.includes(digest)) this.confirmed.push(digest);
      return { action: "accept" };
    }
    for (const [id, asked] of Object.entries(prior?.a ?? {})) {
      if (asked !== digest || this.round.responses?.[id] === undefined) continue;
      const answer = this.inputResponse(this.round.responses, id);
      if (answer.kind !== "elicit") continue;
      if (answer.action === "accept") this.confirmed.push(digest);
      return { action: answer.action };
    }
    // The question goes out only if its state can be signed: else the call is refused now, and says why.
    await this.ledger.key().catch((error: unknown) => {
      throw new ConfirmationRefused(
        `could not sign the question for the user (${errorText(error)}), so it was not asked. Try again shortly`,
      );
    });
    this.asked.set(`confirm-${randomBytes(9).toString("base64url")}`, message);
    throw new Error("the client was asked to confirm it in an input_required result; it runs when the client retries");
  };

  /** The embedded requests of the `input_required` answer: one form per question asked. */
  inputRequests<Request>(elicit: (params: { message: string; requestedSchema: typeof EMPTY_FORM }) => Request) {
    return Object.fromEntries(
      [...this.asked].map(([id, message]) => [id, elicit({ message, requestedSchema: EMPTY_FORM })]),
    );
  }

  /** The `requestState` of the next round, signed for this caller: this round's questions and the answers accepted so far. */
  async state(): Promise<string> {
    const prior = await this.prior?.catch(() => undefined);
    const state: SignedState = {
      n: randomBytes(16).toString("hex"),
      t: prior?.t ?? this.now(),
      a: Object.fromEntries([...this.asked].map(([id, message]) => [id, digestOf(message)])),
      c: this.confirmed.slice(-MAX_CONFIRMED),
    };
    const body = Buffer.from(JSON.stringify(state)).toString("base64url");
    return `${VERSION}.${body}.${await this.mac(body)}`;
  }

  /** The previous round's state, verified and spent; `undefined` for a first round. */
  private async readState(): Promise<SignedState | undefined> {
    const given = this.round.state;
    if (given === undefined || given === "") return undefined;
    const state = await this.verified(given);
    if (state === undefined)
      throw new ConfirmationRefused(
        "the requestState sent back is not one this gateway signed for this caller: altered, forged, or another credential's. Call the tool again without it to ask the user again",
      );
    const age = this.now() - state.t;
    if (age > CONFIRMATION_VALID_MS || age < -CLOCK_SKEW_MS)
      throw new ConfirmationRefused(
        `the user was asked to confirm it over ${CONFIRMATION_VALID_MS / 60_000} minutes ago, and the answer no longer counts. Call the tool again to ask the user again`,
      );
    let first: boolean;
    try {
      first = await this.ledger.spendOnce(`confirmation:${state.n}`, CONFIRMATION_VALID_MS + CLOCK_SKEW_MS);
    } catch (error) {
      throw new ConfirmationRefused(
        `could not record the user's answer as used (${errorText(error)}), and a confirmed call must not run twice. Try again shortly`,
      );
    }
    if (!first)
      throw new ConfirmationRefused(
        "this requestState was already used: a confirmed call runs once. Call the tool again to ask the user again",
      );
    return state;
  }

  private async verified(given: unknown): Promise<SignedState | undefined> {
    if (typeof given !== "string" || given.length > MAX_STATE_CHARS) return undefined;
    const [version, body = "", mac = ""] = given.split(".");
    if (version !== VERSION) return undefined;
    const expected = Buffer.from(await this.mac(body));
    const sent = Buffer.from(mac);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
    try {
      return parseState(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    } catch {
      return undefined;
    }
  }

  private async mac(body: string): Promise<string> {
    const key = await this.ledger.key();
    return createHmac("sha256", key).update(`toolsift confirmation\n${this.round.who}\n${body}`).digest("base64url");
  }
}

function digestOf(message: string): string {
  return createHash("sha256").update(message).digest("base64url");
}

/** A signed state's fields, checked (it was signed here, but a reader trusts no shape). */
function parseState(value: unknown): SignedState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { n, t, a, c } = value as Partial<Record<keyof SignedState, unknown>>;
  if (typeof n !== "string" || !/^[0-9a-f]{32}$/.test(n) || typeof t !== "number" || !Number.isFinite(t))
    return undefined;
  if (typeof a !== "object" || a === null || Array.isArray(a) || !Array.isArray(c) || c.length > MAX_CONFIRMED)
    return undefined;
  const asked = Object.entries(a);
  if (asked.length > MAX_CONFIRMED || asked.some(([, digest]) => typeof digest !== "string")) return undefined;
  if (c.some((digest) => typeof digest !== "string")) return undefined;
  return { n, t, a: Object.fromEntries(asked) as Record<string, string>, c: c as string[] };
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === "object" && found !== null && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
}
