import type { ToolContext } from "../catalogue/index.js";
import { errorText } from "../errors.js";
import type { SpanRecorder } from "../telemetry/index.js";
import type { ReadToolCall, ToolResultBlock, UnreadableToolCall } from "../wire/index.js";
import { executeTool, type ExecutionHost } from "./execute-tool.js";
import { readExecuteOptions, type ExecuteOptions, type RequestScope } from "./request-scope.js";
import { SEARCH_TOOLS_NAME } from "./search-tools-tool.js";
import type { SearchToolsOutcome } from "./session-services.js";
import { errorResult, searchResultBlock } from "./tool-result.js";

/** What answering one read call needs of its session. */
export interface AnswerHost {
  readonly execution: ExecutionHost;
  searchTools(input: unknown, toolUseId: string): Promise<SearchToolsOutcome>;
  /** Loads a search's matches into the working set and answers it (the `"changes"` presentation). */
  changesSearch(outcome: SearchToolsOutcome, toolUseId: string): Promise<ToolResultBlock>;
  context(stage: ToolContext["stage"], toolUseId: string, call: RequestScope): ToolContext;
}

/**
 * A read call's answer, as a `tool_result` (the codec writes it in the call's format): an
 * unreadable call's error, `search_tools`' matches, or the tool's run (see `execute-tool.ts`).
 * Never rejects.
 */
export async function answerCall(
  host: AnswerHost,
  call: ReadToolCall | UnreadableToolCall,
  options: ExecuteOptions,
  span: SpanRecorder,
): Promise<ToolResultBlock> {
  if (!call.ok) return errorResult(call.id, call.error);
  try {
    const read = readExecuteOptions(options);
    if (call.name === SEARCH_TOOLS_NAME) {
      if (call.inputProblem !== undefined)
        return errorResult(call.id, `${SEARCH_TOOLS_NAME} was not run. ${call.inputProblem}`);
      const outcome = await host.searchTools(call.input, call.id);
      if (read.ok && read.options.presentation === "changes") return await host.changesSearch(outcome, call.id);
      return searchResultBlock(call.id, outcome);
    }
    if (!read.ok) return errorResult(call.id, `${call.name} was not run: ${read.problem}.`);
    const context = host.context("execute", call.id, read.options);
    return await executeTool(host.execution, call, context, read.options.shownInFull, span);
  } catch (error) {
    // Only toolsift's own bookkeeping can land here (the tool's run is guarded on its own),
    // so the tool did not run.
    return errorResult(
      call.id,
      `toolsift could not handle this call to ${call.name} (${errorText(error)}); it was not run.`,
    );
  }
}
