/**
 * Running one call of a real tool, in named steps: look it up, check its input, approve it,
 * run it, credit the searches that led to it. Each step either hands the next what it needs
 * or ends the call with an error result the model can read; every end is reported once, as a
 * `tool-call` event and on the call's span.
 *
 * What runs is decided once: the input is copied as plain JSON and validated (and, for a zod
 * tool, parsed by zod), a destructive tool is approved with that value, and the tool runs on
 * that same value. A tool whose input could not be checked does not run.
 *
 * @module
 */
import { formatIssues, validateInput, type CatalogueTool, type ToolContext } from "../catalogue/index.js";
import { errorText } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { SpanRecorder } from "../telemetry/index.js";
import type { ReadToolCall, ToolResultBlock } from "../wire/index.js";
import { noSuchTool } from "./no-such-tool.js";
import { rewrittenName } from "./rewritten-name.js";
import type { SessionServices, SessionState } from "./session-services.js";
import { errorResult, resultOf } from "./tool-result.js";
import { untilAborted } from "./until-aborted.js";

/** What running a call needs from its session. */
export interface ExecutionHost {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly state: SessionState;
  /** Settles a pending transcript replay first, so the call hydrates after it. */
  replayed(): Promise<void>;
  /** Whether the model saw this tool as a stub (or not at all) in the last block. */
  shownAsStub(name: string): Promise<boolean>;
  hydrateTool(tool: CatalogueTool): boolean;
}

type CallEvent = Extract<ToolSearchEvent, { type: "tool-call" }>;
type CallOutcome = Omit<CallEvent, "type" | "sessionId" | "name" | "toolUseId" | "ms">;

/** A step's result: what the next step needs, or the call's answer when it ends here. */
type Step<T> = { ok: true; value: T } | { ok: false; block: ToolResultBlock };

/** Reports how a call ended, once: a `tool-call` event and the span's attributes. */
class CallReport {
  tool: CatalogueTool | undefined;
  stub = false;
  private readonly started = performance.now();

  constructor(
    private readonly host: ExecutionHost,
    private readonly call: ReadToolCall,
    private readonly span: SpanRecorder,
  ) {}

  send(outcome: Omit<CallOutcome, "stub">): void {
    const event = { stub: this.stub, ...outcome };
    this.span.set({
      "toolsift.tool.server": this.tool?.server,
      "toolsift.tool.stub": event.stub,
      "toolsift.tool.validation": event.validation,
      "toolsift.tool.outcome": event.outcome,
    });
    this.host.services.emit({
      type: "tool-call",
      sessionId: this.host.sessionId,
      name: this.call.name,
      toolUseId: this.call.id,
      ms: performance.now() - this.started,
      ...event,
    });
  }

  /** Ends the call: reports the outcome and answers with an error the model reads. */
  fail(outcome: Omit<CallOutcome, "stub">, message: string): { ok: false; block: ToolResultBlock } {
    this.send(outcome);
    return { ok: false, block: errorResult(this.call.id, message) };
  }
}

/** Runs one call of a real tool (not `search_tools`); never rejects for the tool's own failures. */
export async function executeTool(
  host: ExecutionHost,
  call: ReadToolCall,
  context: ToolContext,
  shownInFull: boolean,
  span: SpanRecorder,
): Promise<ToolResultBlock> {
  // Taken before anything is awaited, so calls made side by side share the searches before them.
  const searches = host.state.trail?.mark();
  const report = new CallReport(host, call, span);
  const found = await lookUp(host, call, context, shownInFull, report);
  if (!found.ok) return found.block;
  const tool = found.value;
  const checked = await checkInput(host, call, tool, report);
  if (!checked.ok) return checked.block;
  const approved = await approveCall(host, tool, checked.value, context, report);
  if (!approved.ok) return approved.block;
  const ran = await runTool(tool, checked.value, context, report);
  if (!ran.ok) return ran.block;
  const result = resultOf(call.id, tool.name, ran.value);
  report.send({ validation: "valid", outcome: "ok", ...(result.unreadable ? { error: result.unreadable } : {}) });
  if (searches && result.block.is_error !== true) credit(host, searches, tool);
  return result.block;
}

/** Finds the tool the call names, among those this caller may use, and hydrates it. */
async function lookUp(
  host: ExecutionHost,
  call: ReadToolCall,
  context: ToolContext,
  shownInFull: boolean,
  report: CallReport,
): Promise<Step<CatalogueTool>> {
  const { services } = host;
  try {
    await host.replayed();
    let snapshot = await services.snapshot();
    let tool = snapshot.byName.get(call.name);
    // A tool of a server still connecting (right after start): wait for it as a search does, then look again.
    const unavailable = tool ? [] : ((await services.unavailable?.(context)) ?? []);
    if (unavailable.length > 0) {
      snapshot = await services.snapshot();
      tool = snapshot.byName.get(call.name);
    }
    report.tool = tool;
    if (!tool || !services.isPermitted(tool, context)) {
      // The model hears the same either way, so a denied tool's existence does not leak;
      // the event tells the operator which it was.
      const meant = tool
        ? undefined
        : rewrittenName(snapshot.tools, call.name, (candidate) => services.isPermitted(candidate, context));
      return report.fail(
        { validation: "not-run", outcome: tool ? "denied" : "unknown-tool" },
        tool ? noSuchTool(call.name) : noSuchTool(call.name, unavailable, meant),
      );
    }
    report.stub = !shownInFull && (await host.shownAsStub(tool.name));
    host.hydrateTool(tool);
    return { ok: true, value: tool };
  } catch (error) {
    return report.fail(
      { validation: "not-run", outcome: "tool-error", error: errorText(error) },
      `Could not look up "${call.name}": ${errorText(error)}`,
    );
  }
}

/** Checks the input against the tool's schema: the value every later step uses, or why the tool must not run. */
async function checkInput(
  host: ExecutionHost,
  call: ReadToolCall,
  tool: CatalogueTool,
  report: CallReport,
): Promise<Step<unknown>> {
  const invalid = (issues: string) =>
    `Invalid input for ${tool.name}; it was not run.\n${issues}\nIts input schema is:\n${JSON.stringify(tool.inputSchema)}\nCall it again with input that fits.`;
  if (call.inputProblem !== undefined) {
    return report.fail(
      { validation: "invalid", outcome: "invalid-input", error: call.inputProblem },
      invalid(call.inputProblem),
    );
  }
  let validation: Awaited<ReturnType<typeof validateInput>>;
  try {
    validation = await validateInput(tool, call.input);
  } catch (error) {
    return report.fail(
      { validation: "invalid", outcome: "invalid-input", error: errorText(error) },
      `The input check of ${tool.name} failed (${errorText(error)}); it was not run.`,
    );
  }
  if (validation.ok) return { ok: true, value: validation.value };
  if ("schemaError" in validation) {
    const failed = report.fail(
      { validation: "not-run", outcome: "invalid-schema", error: validation.schemaError },
      `${tool.name} cannot be run: its input schema is broken, so its input cannot be checked. It was not run.`,
    );
    host.services.emit({
      type: "warning",
      code: "schema_invalid",
      message: `The input schema of ${tool.name} could not be compiled (${validation.schemaError}), so the tool cannot run. Fix its schema.`,
    });
    return failed;
  }
  return report.fail({ validation: "invalid", outcome: "invalid-input" }, invalid(formatIssues(validation.issues)));
}

/** A destructive tool runs only when `approve` says `true` for this very input. */
async function approveCall(
  host: ExecutionHost,
  tool: CatalogueTool,
  input: unknown,
  context: ToolContext,
  report: CallReport,
): Promise<Step<void>> {
  if (context.signal?.aborted) return aborted(report, tool, "before it started");
  if (!tool.destructive) return { ok: true, value: undefined };
  const gate = await untilAborted(approval(host.services, tool, input, context), context.signal);
  if (gate.aborted) return aborted(report, tool, "while it waited for approval");
  const approved = gate.value;
  if (approved === true) return { ok: true, value: undefined };
  return report.fail(
    { validation: "valid", outcome: "not-approved", ...(approved ? { error: approved.error } : {}) },
    approved === false
      ? `${tool.name} changes or deletes data and was not approved, so it did not run. Ask the user before trying again.`
      : approved.error,
  );
}

/** `true` to run; `false` when denied; `{ error }` when there is no gate or the gate failed. */
async function approval(
  services: SessionServices,
  tool: CatalogueTool,
  input: unknown,
  context: ToolContext,
): Promise<boolean | { error: string }> {
  const { approve } = services;
  if (!approve) {
    return {
      error:
        `${tool.name} is marked destructive and no approve() callback is configured, so it did not run. ` +
        "The application must pass approve to createToolSearch to allow destructive tools.",
    };
  }
  try {
    return (await approve(tool.definition, input, context)) === true;
  } catch (error) {
    return { error: `The approval check for ${tool.name} failed (${errorText(error)}), so it did not run.` };
  }
}

/** Runs the tool on the checked input, racing the call's signal. */
async function runTool(
  tool: CatalogueTool,
  input: unknown,
  context: ToolContext,
  report: CallReport,
): Promise<Step<unknown>> {
  const run = tool.run;
  if (!run) {
    return report.fail(
      { validation: "valid", outcome: "tool-error", error: "no execute function" },
      `${tool.name} cannot be run here: its definition has no execute function.`,
    );
  }
  if (context.signal?.aborted) return aborted(report, tool, "before it started");
  try {
    // Started inside a promise, so a tool that throws synchronously is caught like one that rejects.
    const raced = await untilAborted(new Promise((resolve) => resolve(run(input, context))), context.signal);
    if (!raced.aborted) return { ok: true, value: raced.value };
    return report.fail(
      {
        validation: "valid",
        outcome: "aborted",
        error: "aborted while it ran; it may have done part or all of its work",
      },
      `${tool.name} was still running when the call was aborted, so its result is unknown: it may have done part or all of its work. ` +
        "Check before calling it again.",
    );
  } catch (error) {
    return report.fail(
      { validation: "valid", outcome: "tool-error", error: errorText(error) },
      `${tool.name} failed: ${errorText(error)}`,
    );
  }
}

function aborted(report: CallReport, tool: CatalogueTool, when: string): { ok: false; block: ToolResultBlock } {
  return report.fail(
    { validation: "valid", outcome: "aborted", error: `aborted ${when}` },
    `${tool.name} was not run: the call was aborted ${when}.`,
  );
}

/** Learning from use: the searches since `searches` led to a successful call of `tool`. */
function credit(host: ExecutionHost, searches: { from: number; to: number }, tool: CatalogueTool): void {
  const queries = host.state.trail!.credit(searches);
  if (queries.length > 0)
    host.services.teach?.({ sessionId: host.sessionId, scope: host.state.scope, queries, tool: tool.name });
}
