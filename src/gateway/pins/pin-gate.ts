import type { ToolDefinition } from "../../index.js";
import { escapeVisible } from "../policy/confirmation.js";
import { pinAdvice, type ToolPins } from "./tool-pins.js";

/** How a connection asks its user, and refuses a call: the same path destructive tools take. */
export interface PinGateConfirm {
  /** Whether the client can be asked (it supports MCP elicitation). */
  readonly canAsk: boolean;
  /** Asks the user; resolves whether they accepted (a decline or failure has refused the call already). */
  ask(message: string): Promise<boolean>;
  /** Refuses the call with this reason; returns false. */
  refuse(reason: string): false;
}

/**
 * Whether a call may go ahead as far as the pins go. A tool that matches its pin (or is pinned on
 * first sight) runs; one that changed, or is new to a server with pins, runs under `warn`, is
 * refused under `hide` (saying how to pin), and under `reapprove` runs only once the user accepts
 * the definition shown to them, which pins it.
 *
 * @param tool - The catalogue's tool of that name; `undefined` (no such tool) is left to the session.
 */
export async function pinAllowsCall(
  pins: ToolPins,
  tool: ToolDefinition | undefined,
  configFile: string,
  confirm: PinGateConfirm,
): Promise<boolean> {
  if (tool === undefined || pins.policy === "warn") return true;
  const change = pins.changeOf(tool);
  if (change === undefined) return true;
  const added = change.entry === undefined;
  const changed = added
    ? `${tool.name} is new on its MCP server since its tools were pinned`
    : `The definition of ${tool.name} changed on its MCP server since it was pinned`;
  if (pins.policy === "hide")
    return confirm.refuse(
      `${changed}, so toolsift withholds it until the user re-pins it (toolsift.onToolChange is "hide"). Tell the user. ${pinAdvice(configFile)}`,
    );
  if (!confirm.canAsk)
    return confirm.refuse(
      `${changed}, so it runs only once the user approves the change, and this client cannot ask (it does not support MCP elicitation), so it did not run. Tell the user. ${pinAdvice(configFile)}`,
    );
  const question = [
    added
      ? `${escapeVisible(tool.name)} is new on its MCP server since its tools were pinned. Run it with this definition (and pin that)?`
      : `${escapeVisible(tool.name)} changed on its MCP server since it was pinned. Run it with its new definition (and pin that)?`,
    "",
    ...change.diff.lines,
  ].join("\n");
  if (!(await confirm.ask(question))) return false;
  if (await pins.repin(tool.name, change.sha256)) return true;
  return confirm.refuse(
    `${changed}, and changed again while the user was asked, so it did not run. Call it again to be asked about the latest definition.`,
  );
}
