import { inputResponse } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { CONFIRMATION_VALID_MS, StatelessConfirmations, type ConfirmationRound } from "./stateless-confirmations.js";

const MESSAGE = 'Run dyn__wipe_data with {"all":true}?';
const FORM = { mode: "form", message: MESSAGE, requestedSchema: { type: "object", properties: {} } } as const;
const ELICITING = { elicitation: { form: {} } };

function round(more: Partial<ConfirmationRound> = {}): ConfirmationRound {
  return { capabilities: ELICITING, responses: undefined, state: undefined, who: "alice#rights", ...more };
}

/** Asks once with no answer, and gives the id the client was asked under. */
async function askedId(at: number, who = "alice#rights", message = MESSAGE): Promise<string> {
  const first = new StatelessConfirmations(round({ who }), inputResponse, () => at);
  await expect(first.elicitInput({ ...FORM, message })).rejects.toThrow(/input_required/);
  expect([...first.asked.values()]).toEqual([message]);
  return [...first.asked.keys()][0]!;
}

describe("StatelessConfirmations", () => {
  it("accepts the user's answer to the question it asked, and remembers it in requestState", async () => {
    const id = await askedId(1_000);
    const retried = new StatelessConfirmations(
      round({ responses: { [id]: { action: "accept", content: {} } } }),
      inputResponse,
      () => 2_000,
    );
    expect(await retried.elicitInput(FORM)).toEqual({ action: "accept" });
    const later = new StatelessConfirmations(round({ state: retried.state() }), inputResponse, () => 3_000);
    expect(await later.elicitInput(FORM)).toEqual({ action: "accept" });
  });

  it("passes a decline on, and does not remember it", async () => {
    const id = await askedId(1_000);
    const retried = new StatelessConfirmations(
      round({ responses: { [id]: { action: "decline" } } }),
      inputResponse,
      () => 2_000,
    );
    expect(await retried.elicitInput(FORM)).toEqual({ action: "decline" });
    expect(retried.state()).toBe("[]");
  });

  it("asks again for an answer to another call, another caller's question, an expired or a forged id", async () => {
    const id = await askedId(1_000);
    const other = await askedId(1_000, "mallory#rights");
    const otherCall = await askedId(1_000, "alice#rights", "Run dyn__wipe_data with {}?");
    const forged = `${id.slice(0, -4)}AAAA`;
    for (const [given, now] of [
      [other, 2_000],
      [otherCall, 2_000],
      [forged, 2_000],
      [id, 1_000 + CONFIRMATION_VALID_MS + 1],
    ] as const) {
      const retried = new StatelessConfirmations(
        round({ responses: { [given]: { action: "accept" } }, state: JSON.stringify([given]) }),
        inputResponse,
        () => now,
      );
      await expect(retried.elicitInput(FORM)).rejects.toThrow(/input_required/);
    }
  });

  it("ignores a hostile requestState", async () => {
    for (const state of ["x".repeat(100_000), "{", '{"a":1}', JSON.stringify(Array(1000).fill("confirm.1.x")), 42]) {
      const confirmations = new StatelessConfirmations(round({ state }), inputResponse, () => 1_000);
      await expect(confirmations.elicitInput(FORM)).rejects.toThrow(/input_required/);
      expect(confirmations.state()).toBe("[]");
    }
  });

  it("says the client can be asked only when its request declares form elicitation", () => {
    const can = (capabilities: unknown) =>
      new StatelessConfirmations(round({ capabilities }), inputResponse).getClientCapabilities() !== undefined;
    expect(can({ elicitation: {} })).toBe(true);
    expect(can({ elicitation: { form: {} } })).toBe(true);
    expect(can({ elicitation: { url: {} } })).toBe(false);
    expect(can({})).toBe(false);
    expect(can(undefined)).toBe(false);
    expect(can({ elicitation: "yes" })).toBe(false);
  });
});
