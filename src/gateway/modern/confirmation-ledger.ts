import { randomBytes } from "node:crypto";
import type { SessionStore } from "../replicas/session-store.js";

/**
 * Where a stateless confirmation's key and its spent states live: in this process alone, or in
 * the session store every replica shares, so a state one replica signed verifies on another and
 * is spent once across all of them.
 */
export interface ConfirmationLedger {
  /** The key confirmation states are signed with. */
  key(): Promise<Uint8Array>;
  /** `true` the first time `token` is spent, `false` after; throws when it cannot be told (fail closed). */
  spendOnce(token: string, keepMs: number): Promise<boolean>;
}

/** Spent states kept at most by a process without a store; past it, confirmations are refused until some expire. */
const MAX_SPENT = 100_000;
const KEY_PURPOSE = "stateless-confirmations";

/**
 * The ledger of one process: a random key of its own (a state it signed verifies nowhere
 * else) and spent states in its memory, each kept for as long as it could still verify.
 */
export function localLedger(now: () => number = Date.now): ConfirmationLedger {
  const key = randomBytes(32);
  const spent = new Map<string, number>();
  return {
    key: async () => key,
    async spendOnce(token, keepMs) {
      const at = now();
      // Map order is insertion order, and every token is kept as long: the expired ones come first.
      for (const [old, until] of spent) {
        if (until >= at) break;
        spent.delete(old);
      }
      if (spent.has(token)) return false;
      if (spent.size >= MAX_SPENT)
        throw new Error(`${MAX_SPENT} confirmations were answered in the last minutes, the most this gateway keeps`);
      spent.set(token, at + keepMs);
      return true;
    },
  };
}

/**
 * The ledger of replicas sharing `store`: its shared key (derived for confirmations alone) and
 * its one-time tokens. A store without them (an embedder's own) keys and spends per process.
 * The key is read once; a failure is tried again at the next confirmation.
 */
export function storeLedger(store: SessionStore | undefined): ConfirmationLedger {
  const local = localLedger();
  const sharedKey = store?.sharedKey?.bind(store);
  const spendOnce = store?.spendOnce?.bind(store);
  if (sharedKey === undefined || spendOnce === undefined) return local;
  let key: Promise<Uint8Array> | undefined;
  return {
    key() {
      key ??= sharedKey(KEY_PURPOSE).catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    spendOnce,
  };
}
