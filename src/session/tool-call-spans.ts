import { traced, type Attributes, type SpanRecorder } from "../telemetry/index.js";
import type { ToolFormat, ToolResultBlock } from "../wire/index.js";

/**
 * Answers one tool call inside an `execute_tool {name}` span (when OpenTelemetry is installed),
 * with the GenAI semantic conventions' tool attributes and toolsift's own. `work` may record the
 * outcome as it decides it (a real tool's stub, validation and outcome); otherwise it is read
 * from the answer. An error answer fails the span, with the start of its text.
 */
export function tracedToolCall(
  call: { name: string | undefined; id: string; sessionId: string; format: ToolFormat },
  work: (span: SpanRecorder) => Promise<ToolResultBlock>,
): Promise<ToolResultBlock> {
  const attributes: Attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "gen_ai.tool.name": call.name,
    "gen_ai.tool.call.id": call.id === "" ? undefined : call.id,
    "toolsift.session.id": call.sessionId,
    "toolsift.call.format": call.format,
  };
  return traced(`execute_tool ${call.name ?? "unreadable"}`, "internal", attributes, async (span) => {
    let recorded = false;
    const answer = await work({
      set: (values) => {
        recorded = true;
        span.set(values);
      },
      fail: span.fail,
    });
    if (!recorded) span.set({ "toolsift.tool.outcome": answer.is_error ? "error" : "ok" });
    if (answer.is_error) span.fail(typeof answer.content === "string" ? answer.content.slice(0, 200) : "error");
    return answer;
  });
}
