// Type-checked in the fresh project against the packed toolsift: toolsift/testing, in a consumer
// with @types/node as any test setup has (its servers are Node's, node:http).
import { reply, sampleTools, startMessagesApiServer, type ScriptedTurn } from "toolsift/testing";

export const scripted: ScriptedTurn[] = [() => reply.text("Done.")];
export const testingUsed = [startMessagesApiServer, sampleTools()] as const;
