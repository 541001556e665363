import { errorText } from "../errors.js";
import { SEARCH_TOOLS_NAME, matchesToLoad, tracedToolCall, type ToolSearchSession } from "../session/index.js";
import type { OpenAIResponsesToolSearchCall, ToolResultBlock, ToolUseBlock } from "../wire/index.js";
import type { ProviderAnswer, ProviderCall, ProviderName } from "./providers/model-provider.js";
import type { AgentStrategy } from "./strategies/index.js";

/**
 * Answers every call of a turn, concurrently, answers in call order. A call whose input was not
 * an object is answered with an error without running. A call whose answer fails (execute()
 * never does; the search path can, e.g. when the catalogue cannot be listed) gets an `is_error`
 * result like the rest, so the transcript stays valid; the first such failure is returned for
 * the run to stop on.
 */
export async function answerCalls(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  format: ProviderName,
  calls: readonly ProviderCall[],
  onAnswer: (answer: ProviderAnswer) => void,
): Promise<{ answers: ProviderAnswer[]; failure?: { reason: unknown } }> {
  const settled = await Promise.allSettled(
    calls.map(async (call) => {
      const answer = await answerCall(session, strategy, format, call);
      onAnswer(answer);
      return answer;
    }),
  );
  // Boxed, so a rejection with an undefined reason still counts as one.
  let failure: { reason: unknown } | undefined;
  const answers = settled.map((outcome, index): ProviderAnswer => {
    if (outcome.status === "fulfilled") return outcome.value;
    failure ??= { reason: outcome.reason };
    const call = calls[index]!;
    const content =
      call.name === SEARCH_TOOLS_NAME
        ? `${SEARCH_TOOLS_NAME} failed: ${errorText(outcome.reason)}`
        : `${call.name} could not be answered: ${errorText(outcome.reason)}. It may not have run; check before calling it again.`;
    const answer: ProviderAnswer = {
      call,
      result: { type: "tool_result", tool_use_id: call.id, content, is_error: true },
    };
    onAnswer(answer);
    return answer;
  });
  return failure ? { answers, failure } : { answers };
}

async function answerCall(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  format: ProviderName,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  if (call.nativeSearch !== undefined)
    return { call, nativeResult: await session.execute(call.nativeSearch as OpenAIResponsesToolSearchCall) };
  if (call.unreadable !== undefined) return { call, result: inputNotObject(call, call.unreadable) };
  const block: ToolUseBlock = { type: "tool_use", id: call.id, name: call.name, input: call.input };
  if (call.name !== SEARCH_TOOLS_NAME)
    return { call, result: await session.execute(block, { shownInFull: strategy.showsFullDefinitions }) };
  // The strategy words the search result, so runAgent answers search_tools itself, in the same span execute() would open.
  const result = await tracedToolCall(
    { name: SEARCH_TOOLS_NAME, id: call.id, sessionId: session.id, format },
    async () => {
      const outcome = await session.searchTools(call.input, call.id);
      // A strategy of tool changes loads the best matches into the working set first.
      if (strategy.toolChanges) await session.hydrate(matchesToLoad(outcome, await session.view()));
      return strategy.searchResult(call.id, outcome, await session.view());
    },
  );
  return { call, result };
}

/**
 * Hydrates the tools of calls that did not run, as a call would have: the model reached for
 * them, and a transcript replayed elsewhere hydrates them too (see
 * `toolSearch.session(id, { transcript })`), so both lay out the same block. Best effort: the
 * run has its answer already, and a catalogue that cannot be listed now must not lose it.
 */
export async function hydrateUnrun(session: ToolSearchSession, calls: readonly ProviderCall[]): Promise<void> {
  try {
    await session.hydrate(
      calls
        .filter((call) => call.name !== SEARCH_TOOLS_NAME && call.nativeSearch === undefined)
        .map((call) => call.name),
    );
  } catch {
    // See above.
  }
}

/** The answer to a tool call the model did not finish sending. */
export function notRun(toolUse: ProviderCall, stopReason: string): ToolResultBlock {
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content:
      `${toolUse.name} was not run: the response was cut off (stop reason "${stopReason}") before this call was complete, ` +
      "so its input may be missing parts. Call it again if it is still needed.",
    is_error: true,
  };
}

/** The answer to a call whose input was not a JSON object: `held` says what it was. */
function inputNotObject(toolUse: ProviderCall, held: string): ToolResultBlock {
  const example =
    toolUse.name === SEARCH_TOOLS_NAME
      ? ', e.g. {"query": "what you want to do"}'
      : ", with the fields its input_schema describes";
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content: `${toolUse.name} was not run: its input was ${held}, but a tool's input must be a JSON object. Call it again with its input as a JSON object${example}.`,
    is_error: true,
  };
}
