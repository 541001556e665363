import { inputResponse } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "../replicas/memory-session-store.js";
import { localLedger, storeLedger, type ConfirmationLedger } from "./confirmation-ledger.js";
import { CONFIRMATION_VALID_MS, StatelessConfirmations, type ConfirmationRound } from "./stateless-confirmations.js";

const MESSAGE = 'Run dyn__wipe_data with {"all":true}?';
const CHANGED = "dyn__wipe_data changed since it was approved. Run it?";
const FORM = { mode: "form", message: MESSAGE, requestedSchema: { type: "object", properties: {} } } as const;
const ELICITING = { elicitation: { form: {} } };

function round(more: Partial<ConfirmationRound> = {}): ConfirmationRound {
  return { capabilities: ELICITING, responses: undefined, state: undefined, who: "alice#rights", ...more };
}

/** One round on `ledger` at time `at`: what it answered (or why it refused), and the state it hands on. */
async function roundOn(
  ledger: ConfirmationLedger,
  at: number,
  given: Partial<ConfirmationRound>,
  messages = [MESSAGE],
) {
  const confirmations = new StatelessConfirmations(round(given), inputResponse, ledger, () => at);
  const answers: string[] = [];
  // As the approvals ask: in turn, and no further once one is not accepted (the call is refused).
  for (const message of messages) {
    answers.push(
      await confirmations.elicitInput({ ...FORM, message }).then(
        (answer) => answer.action,
        (error: unknown) => `refused: ${(error as Error).message}`,
      ),
    );
    if (answers.at(-1) !== "accept") break;
  }
  const asked = [...confirmations.asked.keys()];
  return { answers, asked, state: await confirmations.state() };
}

const accept = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { action: "accept", content: {} }]));

describe("StatelessConfirmations", () => {
  it("accepts the user's answer to the question it asked, once", async () => {
    const ledger = localLedger();
    const first = await roundOn(ledger, 1_000, {});
    expect(first.answers[0]).toMatch(/input_required/);
    expect(first.asked).toHaveLength(1);
    const retry = { responses: accept(first.asked), state: first.state };
    expect((await roundOn(ledger, 2_000, retry)).answers).toEqual(["accept"]);
    // The same round again (a replay, or a client's retry of it): refused, never run twice.
    expect((await roundOn(ledger, 3_000, retry)).answers[0]).toMatch(
      /refused: .*already used: a confirmed call runs once/,
    );
  });

  it("verifies on another replica of the same store, and is spent once across them", async () => {
    const store = new MemorySessionStore();
    const [a, b, c] = [storeLedger(store), storeLedger(store), storeLedger(store)];
    const first = await roundOn(a, 1_000, {});
    const retry = { responses: accept(first.asked), state: first.state };
    expect((await roundOn(b, 2_000, retry)).answers).toEqual(["accept"]);
    expect((await roundOn(c, 2_500, retry)).answers[0]).toMatch(/already used/);
    // A process of its own (another store, or none) cannot verify it.
    expect((await roundOn(localLedger(), 2_000, retry)).answers[0]).toMatch(/not one this gateway signed/);
  });

  it("carries an accepted answer to the next round when a call needs two", async () => {
    const ledger = localLedger();
    const both = [CHANGED, MESSAGE];
    const first = await roundOn(ledger, 1_000, {}, both);
    const second = await roundOn(ledger, 2_000, { responses: accept(first.asked), state: first.state }, both);
    expect(second.answers[0]).toBe("accept");
    expect(second.answers[1]).toMatch(/input_required/);
    const third = await roundOn(ledger, 3_000, { responses: accept(second.asked), state: second.state }, both);
    expect(third.answers).toEqual(["accept", "accept"]);
    // Only a state this gateway signed says what was accepted: a client cannot move an answer into it.
    const moved = JSON.parse(Buffer.from(second.state.split(".")[1]!, "base64url").toString()) as { c: string[] };
    moved.c.push("anything");
    const altered = `v1.${Buffer.from(JSON.stringify(moved)).toString("base64url")}.${second.state.split(".")[2]}`;
    expect((await roundOn(ledger, 3_000, { state: altered }, both)).answers[0]).toMatch(/not one this gateway signed/);
  });

  it("passes a decline on, and does not remember it", async () => {
    const ledger = localLedger();
    const first = await roundOn(ledger, 1_000, {});
    const declined = await roundOn(ledger, 2_000, {
      responses: { [first.asked[0]!]: { action: "decline" } },
      state: first.state,
    });
    expect(declined.answers).toEqual(["decline"]);
    expect(JSON.parse(Buffer.from(declined.state.split(".")[1]!, "base64url").toString())).toMatchObject({ c: [] });
  });

  it("refuses another caller's state, another call's answer, an expired or a forged one", async () => {
    const ledger = localLedger();
    const first = await roundOn(ledger, 1_000, {});
    const retry = { responses: accept(first.asked), state: first.state };
    expect((await roundOn(ledger, 2_000, { ...retry, who: "mallory#rights" })).answers[0]).toMatch(
      /not one this gateway signed for this caller/,
    );
    // Another call (other arguments): the answer is to another question, so this one is asked.
    const otherCall = await roundOn(ledger, 2_000, retry, ['Run dyn__wipe_data with {"all":false}?']);
    expect(otherCall.answers[0]).toMatch(/input_required/);
    const late = await roundOn(ledger, 1_000 + CONFIRMATION_VALID_MS + 1, {
      ...retry,
      state: (await roundOn(ledger, 1_000, {})).state,
    });
    expect(late.answers[0]).toMatch(/no longer counts/);
    const forged = `${first.state.slice(0, -4)}AAAA`;
    expect((await roundOn(ledger, 2_000, { ...retry, state: forged })).answers[0]).toMatch(
      /not one this gateway signed/,
    );
  });

  it("asks again for answers sent without a state", async () => {
    const ledger = localLedger();
    const first = await roundOn(ledger, 1_000, {});
    expect((await roundOn(ledger, 2_000, { responses: accept(first.asked) })).answers[0]).toMatch(/input_required/);
  });

  it("refuses a hostile requestState", async () => {
    for (const state of ["x".repeat(100_000), "{", "v1.e30.AAAA", JSON.stringify(Array(1000).fill("v1.x")), 42]) {
      const { answers } = await roundOn(localLedger(), 1_000, { state });
      expect(answers[0]).toMatch(/not one this gateway signed/);
    }
  });

  it("refuses, and runs nothing, when the store cannot record the answer as used", async () => {
    const store = new MemorySessionStore();
    const ledger = storeLedger(store);
    const first = await roundOn(ledger, 1_000, {});
    const failing = {
      key: ledger.key,
      spendOnce: () => Promise.reject(new Error("the session store is not answering")),
    };
    const { answers } = await roundOn(failing, 2_000, { responses: accept(first.asked), state: first.state });
    expect(answers[0]).toMatch(/could not record the user's answer as used \(the session store is not answering\)/);
  });

  it("says the client can be asked only when its request declares form elicitation", () => {
    const can = (capabilities: unknown) =>
      new StatelessConfirmations(round({ capabilities }), inputResponse, localLedger()).getClientCapabilities() !==
      undefined;
    expect(can({ elicitation: {} })).toBe(true);
    expect(can({ elicitation: { form: {} } })).toBe(true);
    expect(can({ elicitation: { url: {} } })).toBe(false);
    expect(can({})).toBe(false);
    expect(can(undefined)).toBe(false);
    expect(can({ elicitation: "yes" })).toBe(false);
  });
});
