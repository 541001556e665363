// Each API's local wire server behind its real SDK client, one per scripted run, closed after
// each test: what the fallback and stream-failure tests hand to runAgent.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import {
  type AfterEachHook,
  type OpenAIReply,
  openAIServerPerTest,
  type ScriptedReply,
  serverPerTest,
} from "../testing/index.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";

/** Starters of a Messages API side and an OpenAI side, each answering its turns in order. */
export function sdkSides(afterEach: AfterEachHook) {
  const startMessages = serverPerTest(afterEach);
  const startOpenAI = openAIServerPerTest(afterEach);
  return {
    startMessages,
    startOpenAI,
    async anthropicSide(turns: ScriptedReply[]) {
      const server = await startMessages(turns.map((turn) => () => turn));
      return {
        server,
        provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 })),
      };
    },
    async openAISide(turns: OpenAIReply[]) {
      const server = await startOpenAI(turns.map((turn) => () => turn));
      return { server, client: new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 }) };
    },
  };
}
