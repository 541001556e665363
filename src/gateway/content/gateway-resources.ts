import { boundText } from "../../for-apps.js";
import type { McpHostEvent, McpResourceContents } from "../../public/mcp.js";
import type { Caller } from "../auth/caller.js";
import { fromEach, limitRate, upstream, visible, type ContentScope, type ContentServices } from "./content-scope.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import { servePrompts } from "./gateway-prompts.js";
import { serveCompletions } from "./gateway-completions.js";
import { serveSubscriptions } from "./resource-subscriptions.js";
import { unwrapUri, wrapName, wrapUri } from "./namespaced-uri.js";
import { RESOURCE_NOT_FOUND, type NotFoundAnswers } from "./not-found-answers.js";

type McpServer = GatewayMcpServer;

/** Per connection's MCP server: how to tell it an upstream list changed, if it fronts content. */
const announcers = new WeakMap<McpServer, (event: McpHostEvent) => void>();

/**
 * Fronts the upstream servers' resources and prompts on one connection's MCP `Server`: declares
 * `resources` and `prompts` (both with `listChanged`) and answers `resources/list`,
 * `resources/templates/list`, `resources/read`, `prompts/list`, `prompts/get` and
 * `completion/complete` (see gateway-completions.ts). Called before
 * the server connects. Without an upstream host (a gateway of tools only), nothing is declared.
 *
 * Only the servers that declared the capability are asked, and none that the caller's policy
 * hides (`hidesServer`): its resources and prompts are not listed, and reading one is answered
 * as for a URI nobody listed. Resource subscriptions: see resource-subscriptions.ts.
 */
export function serveContent(
  server: McpServer,
  services: ContentServices,
  caller: Caller,
  notFound: NotFoundAnswers,
): void {
  const host = services.upstream;
  if (!host) return;
  const scope: ContentScope = { sdk: services.sdk, host, caller, services };
  server.registerCapabilities({ resources: { listChanged: true }, prompts: { listChanged: true } });
  server.setRequestHandler("resources/list", async (_request, ctx) => ({
    resources: await listResources(scope, ctx.mcpReq.signal),
  }));
  server.setRequestHandler("resources/templates/list", async (_request, ctx) => ({
    resourceTemplates: await listResourceTemplates(scope, ctx.mcpReq.signal),
  }));
  server.setRequestHandler("resources/read", (request, ctx) =>
    notFound.answering(ctx.mcpReq.id, async () => ({
      contents: await readResource(scope, request.params.uri, ctx.mcpReq.signal),
    })),
  );
  servePrompts(server, scope, notFound);
  serveCompletions(server, scope, notFound);
  serveSubscriptions(server, scope, notFound);
  // The servers whose lists this client's lists hold, so one going away is announced.
  const seen = { resources: new Set<string>(), prompts: new Set<string>() };
  for (const name of host.servers)
    for (const list of ["resources", "prompts"] as const) if (host.offers(name)[list]) seen[list].add(name);
  announcers.set(server, (event) => announce(server, scope, seen, event));
}

/** `resources/list`: every resource of the servers the caller may see, under the gateway's URIs and names. */
export function listResources(scope: ContentScope, signal: AbortSignal) {
  const { host } = scope;
  return fromEach(scope, "resources", { signal }, async (name, each) =>
    (await host.listResources(name, { signal: each })).map((resource) => ({
      ...resource,
      uri: wrapUri(name, resource.uri),
      name: wrapName(name, resource.name),
    })),
  );
}

/** `resources/templates/list`: every resource template of the servers the caller may see, under the gateway's URIs. */
export function listResourceTemplates(scope: ContentScope, signal: AbortSignal) {
  const { host } = scope;
  return fromEach(scope, "resources", { signal }, async (name, each) =>
    (await host.listResourceTemplates(name, { signal: each })).map((template) => ({
      ...template,
      uriTemplate: wrapUri(name, template.uriTemplate),
      name: wrapName(name, template.name),
    })),
  );
}

/**
 * `resources/read` of a gateway URI, from the server it names; a URI the gateway never made, or of
 * a server the caller may not see, is answered as one nobody has (MCP's "resource not found").
 */
export async function readResource(
  scope: ContentScope,
  uri: string,
  signal: AbortSignal,
): Promise<McpResourceContents[]> {
  const { sdk, host } = scope;
  const target = unwrapUri(uri);
  if (!target || !visible(scope, target.server, "resources"))
    throw new sdk.ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${boundText(uri, 200)}`, {
      uri: boundText(uri, 200),
    });
  limitRate(scope);
  const contents = await upstream(scope, () => host.readResource(target.server, target.uri, { signal }));
  return contents.map((part): McpResourceContents => ({ ...part, uri: wrapUri(target.server, part.uri) }));
}

/**
 * Tells each connection whose caller may see the server that its resources or prompts changed
 * (`notifications/resources/list_changed`, `notifications/prompts/list_changed`): when the server
 * says so, and when a server that offers them connects or goes away.
 */
export function announceContentChange(servers: Iterable<{ readonly server: McpServer }>, event: McpHostEvent): void {
  if (event.type !== "list-changed" && event.type !== "connected" && event.type !== "disconnected") return;
  for (const { server } of servers) announcers.get(server)?.(event);
}

function announce(
  server: McpServer,
  scope: ContentScope,
  seen: Record<"resources" | "prompts", Set<string>>,
  event: McpHostEvent,
): void {
  if (scope.services.policies.for(scope.caller).hidesServer(event.server)) return;
  const lists: ("resources" | "prompts")[] = [];
  if (event.type === "list-changed") lists.push(event.list);
  else {
    const offers = scope.host.offers(event.server);
    for (const list of ["resources", "prompts"] as const) {
      // A server's lists join on connect and leave on disconnect; one that never offered a list changes none.
      if (event.type === "connected" ? offers[list] : seen[list].has(event.server)) lists.push(list);
      if (event.type === "connected" && offers[list]) seen[list].add(event.server);
    }
  }
  for (const list of lists) {
    const sent = list === "resources" ? server.sendResourceListChanged() : server.sendPromptListChanged();
    // The client is gone or not connected yet; its next list is current anyway.
    sent.catch(() => undefined);
  }
}
