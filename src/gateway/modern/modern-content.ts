import type { Server } from "@modelcontextprotocol/server";
import type { ContentScope } from "../content/content-scope.js";
import { complete } from "../content/gateway-completions.js";
import { getPrompt, listPrompts } from "../content/gateway-prompts.js";
import { listResources, listResourceTemplates, readResource } from "../content/gateway-resources.js";
import { RESOURCE_NOT_FOUND } from "../content/not-found-answers.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";

/** 2026-07-28 answers "resource not found" with Invalid Params (the 2025 era's -32002 is gone). */
const INVALID_PARAMS = -32602;

/**
 * Serves the upstream servers' resources, resource templates, prompts and completions on one
 * 2026-07-28 request's v2 `Server`, with the 2025-era functions themselves (content/): the same
 * scoping to what the caller's policy shows, the same rate limit, bounds and namespaced names.
 * Declares `resources` (with `subscribe` when `subscribable`, see modern-listen.ts), `prompts`
 * and `completions`. Without upstream servers (`scope` undefined), nothing is declared.
 */
export function serveModernContent(
  server: Server,
  sdk: ModernSdk,
  scope: ContentScope | undefined,
  subscribable: boolean,
): void {
  if (!scope) return;
  server.registerCapabilities(contentCapabilities(subscribable));
  const answer = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw asModernError(sdk, error);
    }
  };
  server.setRequestHandler("resources/list", (_request, ctx) =>
    answer(async () => ({ resources: await listResources(scope, ctx.mcpReq.signal) })),
  );
  server.setRequestHandler("resources/templates/list", (_request, ctx) =>
    answer(async () => ({ resourceTemplates: await listResourceTemplates(scope, ctx.mcpReq.signal) })),
  );
  server.setRequestHandler("resources/read", (request, ctx) =>
    answer(async () => ({ contents: await readResource(scope, request.params.uri, ctx.mcpReq.signal) })),
  );
  server.setRequestHandler("prompts/list", (_request, ctx) =>
    answer(async () => ({ prompts: await listPrompts(scope, ctx.mcpReq.signal) })),
  );
  server.setRequestHandler("prompts/get", (request, ctx) =>
    answer(() => getPrompt(scope, request.params.name, request.params.arguments, ctx.mcpReq.signal)),
  );
  server.setRequestHandler("completion/complete", (request, ctx) =>
    answer(async () => ({ completion: { ...(await complete(scope, request.params, ctx.mcpReq.signal)) } })),
  );
}

/** What a modern server with upstream servers behind it declares of their content. */
export function contentCapabilities(subscribable: boolean) {
  return {
    resources: { listChanged: true, ...(subscribable ? { subscribe: true } : {}) },
    prompts: { listChanged: true },
    completions: {},
  };
}

/**
 * A JSON-RPC error of the functions both eras share as a 2026-07-28 answer carries it: "resource
 * not found" with this revision's code (said here, not left to the SDK's codec); anything else as it is.
 */
export function asModernError(sdk: ModernSdk, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, data } = error as Error & { code?: unknown; data?: unknown };
  if (code !== RESOURCE_NOT_FOUND) return error;
  return new sdk.ProtocolError(INVALID_PARAMS, error.message, data);
}
