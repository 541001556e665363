import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_FETCH_TIMEOUT_MS, boundedFetch, MAX_AUTH_DOCUMENT_BYTES } from "./bounded-fetch.js";
import { discoverJwksUri, metadataUrls, OAuthSetupError } from "./issuer-metadata.js";

/** A local HTTP server answering each path with what `routes` says (404 otherwise). */
let server: Server;
let origin: string;
const routes = new Map<string, { status?: number; body: string; headers?: Record<string, string> }>();
const asked: string[] = [];
const accepted: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? "");
    accepted.push(request.headers.accept);
    const route = routes.get(request.url ?? "");
    response.writeHead(route?.status ?? (route ? 200 : 404), { "content-type": "application/json", ...route?.headers });
    response.end(route?.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("metadataUrls", () => {
  it("tries RFC 8414, then OpenID Connect, with the path inserted, then appended", () => {
    expect(metadataUrls("https://login.example.com")).toEqual([
      "https://login.example.com/.well-known/oauth-authorization-server",
      "https://login.example.com/.well-known/openid-configuration",
    ]);
    expect(metadataUrls("https://login.example.com/")).toEqual(metadataUrls("https://login.example.com"));
    expect(metadataUrls("https://login.example.com:8443/tenant/")).toEqual([
      "https://login.example.com:8443/.well-known/oauth-authorization-server/tenant",
      "https://login.example.com:8443/.well-known/openid-configuration/tenant",
      "https://login.example.com:8443/tenant/.well-known/openid-configuration",
    ]);
  });
});

describe("discoverJwksUri", () => {
  it("returns the jwks_uri of the first document that names the same issuer, skipping the others", async () => {
    const issuer = `${origin}/t1`;
    routes.set("/.well-known/oauth-authorization-server/t1", {
      body: JSON.stringify({ issuer: `${origin}/other`, jwks_uri: "https://evil.example/keys" }),
    });
    routes.set("/.well-known/openid-configuration/t1", { body: "null" });
    routes.set("/t1/.well-known/openid-configuration", {
      body: JSON.stringify({ issuer, jwks_uri: `${origin}/t1/keys` }),
    });
    accepted.length = 0;
    expect(await discoverJwksUri(issuer)).toBe(`${origin}/t1/keys`);
    // Asked for JSON: a server that also serves pages answers a browser's request with HTML.
    expect(accepted).toEqual(["application/json", "application/json", "application/json"]);
  });

  it("stops with every place it looked and why, and what to set instead", async () => {
    const issuer = `${origin}/t2`;
    routes.set("/.well-known/oauth-authorization-server/t2", {
      body: JSON.stringify({ issuer, jwks_uri: "http://keys.example/jwks" }),
    });
    routes.set("/.well-known/openid-configuration/t2", { body: JSON.stringify({ issuer, jwks_uri: 5 }) });
    routes.set("/t2/.well-known/openid-configuration", { body: JSON.stringify({ issuer: 7 }) });
    const error = await discoverJwksUri(issuer).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OAuthSetupError);
    expect((error as OAuthSetupError).code).toBe("oauth_setup_failed");
    expect((error as Error).message).toBe(
      `toolsift.auth.oauth: cannot find the signing keys of ${issuer}: ` +
        `${origin}/.well-known/oauth-authorization-server/t2: has no https jwks_uri; ` +
        `${origin}/.well-known/openid-configuration/t2: has no https jwks_uri; ` +
        `${origin}/t2/.well-known/openid-configuration: names the issuer 7, not ${JSON.stringify(issuer)}. ` +
        'Check "issuer" (it must be exactly the tokens\' "iss"), or set "jwksUri".',
    );
    const missing = await discoverJwksUri(`${origin}/t3`).catch((thrown: unknown) => thrown);
    expect((missing as Error).message).toContain(
      `${origin}/.well-known/oauth-authorization-server/t3: the answer is HTTP 404, not 200;`,
    );
  });

  it("takes an https key set, or http on a loopback host, and nothing that is not a URL", async () => {
    const issuer = `${origin}/t4`;
    const document = (jwksUri: string) => ({ body: JSON.stringify({ issuer, jwks_uri: jwksUri }) });
    routes.set("/.well-known/oauth-authorization-server/t4", document("https://keys.example/jwks"));
    expect(await discoverJwksUri(issuer)).toBe("https://keys.example/jwks");
    routes.set("/.well-known/oauth-authorization-server/t4", document("not a url"));
    routes.set("/.well-known/openid-configuration/t4", document("ftp://localhost/jwks"));
    routes.set("/t4/.well-known/openid-configuration", document("http://localhost:1/jwks"));
    expect(await discoverJwksUri(issuer)).toBe("http://localhost:1/jwks");
    // A list holding a URL is no URL, though String() of it would read as one.
    routes.set("/t4/.well-known/openid-configuration", {
      body: JSON.stringify({ issuer, jwks_uri: ["https://k/jwks"] }),
    });
    await expect(discoverJwksUri(issuer)).rejects.toThrow(
      `${origin}/t4/.well-known/openid-configuration: has no https jwks_uri.`,
    );
  });
});

describe("boundedFetch", () => {
  it("reads a 200 answer's body in full, with its headers, sending what it is given", async () => {
    routes.set("/doc", { body: '{"a":1}', headers: { "x-kind": "doc" } });
    const response = await boundedFetch(`${origin}/doc`, { headers: { accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-kind")).toBe("doc");
    expect(await response.json()).toEqual({ a: 1 });
    expect([MAX_AUTH_DOCUMENT_BYTES, AUTH_FETCH_TIMEOUT_MS]).toEqual([262_144, 5_000]);
  });

  it("refuses any other status, redirects included, without following them", async () => {
    routes.set("/moved", { status: 302, body: "", headers: { location: "/doc" } });
    asked.length = 0;
    await expect(boundedFetch(`${origin}/moved`)).rejects.toThrow("the answer is HTTP 302, not 200");
    expect(asked).toEqual(["/moved"]);
    routes.set("/created", { status: 201, body: "{}" });
    await expect(boundedFetch(`${origin}/created`)).rejects.toThrow("the answer is HTTP 201, not 200");
    // An answer with no body at all is named by its status too.
    routes.set("/empty", { status: 204, body: "" });
    await expect(boundedFetch(`${origin}/empty`)).rejects.toThrow("the answer is HTTP 204, not 200");
  });

  it("refuses a body over its bound, declared or streamed, and takes one at the bound", async () => {
    routes.set("/big", { body: "x".repeat(101) });
    await expect(boundedFetch(`${origin}/big`, {}, 100)).rejects.toThrow("the answer is over 100 bytes");
    routes.set("/exact", { body: "x".repeat(100) });
    expect(await (await boundedFetch(`${origin}/exact`, {}, 100)).text()).toHaveLength(100);
    routes.set("/declared-exact", { body: "x".repeat(100), headers: { "content-length": "100" } });
    expect(await (await boundedFetch(`${origin}/declared-exact`, {}, 100)).text()).toHaveLength(100);
    routes.set("/chunked", { body: "x".repeat(101), headers: { "transfer-encoding": "chunked" } });
    await expect(boundedFetch(`${origin}/chunked`, {}, 100)).rejects.toThrow("the answer is over 100 bytes");
  });

  it("refuses an answer that declares a body over its bound at once, without waiting for the body", async () => {
    // It declares more than the bound, sends a little, and never ends.
    const declaring = createServer((_request, response) => {
      response.writeHead(200, { "content-length": "300000" });
      response.write("x".repeat(10));
    });
    await new Promise<void>((resolve) => declaring.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(declaring.address() as AddressInfo).port}/`;
    try {
      await expect(boundedFetch(url, {}, 100, 5_000)).rejects.toThrow("the answer is over 100 bytes");
    } finally {
      declaring.closeAllConnections();
      await new Promise<void>((resolve) => declaring.close(() => resolve()));
    }
  });

  it("gives up after its time, or when the caller's signal aborts", async () => {
    const slow = createServer(() => {});
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    try {
      await expect(boundedFetch(url, {}, 100, 50)).rejects.toThrow(/timeout|aborted/i);
      const controller = new AbortController();
      const pending = boundedFetch(url, { signal: controller.signal }, 100, 60_000);
      controller.abort(new Error("caller gave up"));
      await expect(pending).rejects.toThrow("caller gave up");
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
