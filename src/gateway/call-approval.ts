import { errorText } from "../errors.js";
import type { ToolDefinition } from "../index.js";
import type { GatewayMcpServer } from "./gateway-sdk.js";
import type { Caller } from "./auth/caller.js";
import type { CallApproval, GatewayObserver } from "./observe/gateway-event.js";
import { confirmationOf } from "./policy/confirmation.js";
import type { ToolPolicy } from "./policy/tool-policy.js";
import { pinAllowsCall } from "./pins/pin-gate.js";
import type { ToolPins } from "./pins/tool-pins.js";

/** A client's tool call in progress, as its approval sees it and marks it. */
export interface PendingCall {
  requestId: string | number;
  signal: AbortSignal;
  refusal?: string;
  approval: CallApproval;
  /** The tool called, once the caller's policy let it through (its server names the call in reports). */
  tool?: ToolDefinition | undefined;
}

/**
 * Where a call's confirmation is asked: a 2025-era connection's MCP server (an elicitation
 * request to its client), or a stateless request's input_required round (see `modern/`).
 */
export type ConfirmationChannel = Pick<GatewayMcpServer, "getClientCapabilities" | "elicitInput">;

/** What the approvals of one connection need from it. */
export interface ApprovalContext {
  /** Whether its client can be asked, and the asking itself. */
  readonly server: ConfirmationChannel;
  readonly caller: Caller;
  readonly sessionId: string;
  /** The caller's policy now (`allowDestructive`). */
  policy(): ToolPolicy;
  /** The config file, for messages that say where to change a setting. */
  readonly configFile: string;
  log(line: string): void;
  observe: GatewayObserver;
}

/** How long a user may take to confirm a call. */
const CONFIRM_TIMEOUT_MS = 10 * 60_000;

/**
 * The approvals of one client's calls: a destructive tool's (pre-approved by `allowDestructive`,
 * else confirmed by the user through MCP elicitation, else refused) and a changed tool's under
 * `onToolChange` (see `pinAllowsCall`). A refusal's reason is marked on the call, to replace the
 * library's generic one in its result.
 */
export class CallApprovals {
  constructor(private readonly context: ApprovalContext) {}

  /** The approval gate of a destructive tool: whether it may run. */
  async destructive(tool: ToolDefinition, input: unknown, call: PendingCall | undefined): Promise<boolean> {
    const { context } = this;
    const refuse = this.refuser("destructive", tool.name, call);
    if (context.policy().preApproved(tool.name)) {
      context.log(`ran destructive ${tool.name}: allowed by toolsift.allowDestructive`);
      if (call) call.approval = "pre-approved";
      return true;
    }
    if (!this.canAsk) {
      return refuse(
        `${tool.name} may change or delete data, so it runs only when the user confirms it. This client cannot ask ` +
          `(it does not support MCP elicitation), and toolsift.allowDestructive in ${context.configFile} does not name it, so it did not run. ` +
          `Tell the user; to allow it without asking, they can add "${tool.name}" to allowDestructive.`,
        "unavailable",
      );
    }
    const message = confirmationOf(tool, input);
    if (message === undefined)
      return refuse(
        `${tool.name} may change or delete data, so it runs only when the user confirms it, and its input has too many arguments to show the user in full, so it did not run. Call it with fewer arguments.`,
        "unavailable",
      );
    return this.askUser("destructive", tool.name, message, call, refuse);
  }

  /** Whether the pins let a call of `tool` (named `name`) go ahead; a refusal is marked on the call. */
  changed(pins: ToolPins, name: string, tool: ToolDefinition | undefined, call: PendingCall): Promise<boolean> {
    const refuse = this.refuser("changed", name, call);
    return pinAllowsCall(pins, tool, this.context.configFile, {
      canAsk: this.canAsk,
      ask: (message) => this.askUser("changed", name, message, call, refuse),
      refuse: (reason) => refuse(reason, pins.policy === "hide" ? "not-needed" : "unavailable"),
    });
  }

  /** Whether this client can be asked to confirm (it supports MCP elicitation forms). */
  private get canAsk(): boolean {
    return this.context.server.getClientCapabilities()?.elicitation?.form !== undefined;
  }

  /** Refuses a call that needed approval: the reason replaces the result, the log says what was refused. */
  private refuser(what: string, toolName: string, call: PendingCall | undefined) {
    return (reason: string, approval: CallApproval): false => {
      if (call) {
        call.refusal = reason;
        call.approval = approval;
      }
      this.context.log(`refused ${what} ${toolName}: ${reason}`);
      return false;
    };
  }

  /** Asks the user to confirm a call through MCP elicitation; resolves whether they accepted (else the call is refused). */
  private async askUser(
    what: string,
    toolName: string,
    message: string,
    call: PendingCall | undefined,
    refuse: (reason: string, approval: CallApproval) => false,
  ): Promise<boolean> {
    const { context } = this;
    context.observe({ type: "approval-asked", caller: context.caller, session: context.sessionId, tool: toolName });
    try {
      const answer = await context.server.elicitInput(
        { mode: "form", message, requestedSchema: { type: "object", properties: {} } },
        // Under the client's tools/call (over HTTP, on its stream), and given up with it if the client cancels.
        { ...(call ? { relatedRequestId: call.requestId, signal: call.signal } : {}), timeout: CONFIRM_TIMEOUT_MS },
      );
      if (answer.action === "accept") {
        context.log(`ran ${what} ${toolName}: the user confirmed it`);
        if (call) call.approval = "confirmed";
        return true;
      }
      return refuse(
        answer.action === "decline"
          ? `The user declined to run ${toolName}, so it did not run. Do not try it again unless the user asks for it.`
          : `The user dismissed the confirmation of ${toolName}, so it did not run.`,
        "declined",
      );
    } catch (error) {
      return refuse(
        `Could not ask the user to confirm ${toolName} (${errorText(error)}), so it did not run.`,
        "unavailable",
      );
    }
  }
}
