import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CompactSign, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startAuthorizationServer, type AuthorizationServer } from "../../../test/support/authorization-server.js";
import { forgedTokens } from "../../../test/support/forged-tokens.js";
import { OptionsError } from "../../errors.js";
import type { AuthSettings, OAuthSettings } from "./auth-config.js";
import { MAX_AUTHORIZATION_LENGTH } from "./bearer-token.js";
import { createAuthenticator, resourceMetadataUrl } from "./create-authenticator.js";
import { OAuthSetupError } from "./issuer-metadata.js";
import { hashToken, newToken } from "./static-tokens.js";

const RESOURCE = "https://toolsift.test/mcp";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function staticSettings(
  ...tokens: { name: string; token: string; groups?: string[]; tenant?: string }[]
): AuthSettings {
  return {
    tokens: tokens.map(({ name, token, groups = [], tenant }) => ({ name, sha256: hashToken(token), groups, tenant })),
    oauth: undefined,
  };
}

function oauthSettings(server: AuthorizationServer, more: Partial<OAuthSettings> = {}): OAuthSettings {
  return {
    issuer: server.issuer,
    resource: RESOURCE,
    jwksUri: undefined,
    audience: RESOURCE,
    groupsClaim: "groups",
    tenantClaim: "tenant",
    requiredScopes: [],
    clockSkewSeconds: 60,
    ...more,
  };
}

/** A server answering every request with `answer`: a fake issuer for what a real one would never send. */
async function serve(
  answer: (path: string) => { status: number; body: string },
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const { status, body } = answer(request.url ?? "/");
    response.writeHead(status, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("createAuthenticator with static tokens", () => {
  const alice = newToken();
  const ci = newToken();

  it("finds the caller a token belongs to, by its hash, with the configured groups and tenant", async () => {
    const auth = await createAuthenticator(
      staticSettings({ name: "alice", token: alice, groups: ["eng"], tenant: "acme" }, { name: "ci", token: ci }),
    );
    expect(await auth.authenticate(bearer(alice))).toEqual({
      ok: true,
      caller: { id: "alice", via: "token", groups: ["eng"], scopes: [], tenant: "acme" },
    });
    expect(await auth.authenticate({ authorization: `bearer   ${ci}` })).toMatchObject({
      ok: true,
      caller: { id: "ci" },
    });
  });

  it("refuses anything else with a generic reason, and no error code when no credential came", async () => {
    const auth = await createAuthenticator(staticSettings({ name: "alice", token: alice }));
    expect(await auth.authenticate({})).toEqual({ ok: false, reason: "no credential" });
    expect(await auth.authenticate(bearer(newToken()))).toEqual({
      ok: false,
      reason: "unknown token",
      error: "invalid_token",
    });
    expect(await auth.authenticate(bearer(alice.slice(0, -1)))).toMatchObject({ ok: false, reason: "unknown token" });
    expect(await auth.authenticate({ authorization: `Basic ${Buffer.from(`x:${alice}`).toString("base64")}` })).toEqual(
      { ok: false, reason: "not a bearer token", error: "invalid_token" },
    );
    expect(await auth.authenticate({ authorization: `Bearer ${alice} extra` })).toMatchObject({
      ok: false,
      reason: "not a bearer token",
    });
    const long = `Bearer ${alice}${"A".repeat(MAX_AUTHORIZATION_LENGTH)}`;
    expect(await auth.authenticate({ authorization: long })).toEqual({
      ok: false,
      reason: "authorization header too long",
      error: "invalid_token",
    });
  });

  it("challenges with a realm and no resource metadata", async () => {
    const auth = await createAuthenticator(staticSettings({ name: "alice", token: alice }));
    expect(auth.challenge()).toBe('Bearer realm="toolsift"');
    expect(auth.challenge("invalid_token")).toBe('Bearer realm="toolsift", error="invalid_token"');
    expect(auth.resourceMetadata).toBeUndefined();
  });

  it("answers a refusal it cannot explain, even a throw from the request's headers, without throwing", async () => {
    const auth = await createAuthenticator(staticSettings({ name: "alice", token: alice }));
    const hostile = {
      get authorization(): string {
        throw new Error(`a header that throws, holding ${alice}`);
      },
    };
    expect(await auth.authenticate(hostile)).toEqual({
      ok: false,
      reason: "authentication failed",
      error: "invalid_token",
    });
  });

  it("names no scope in an insufficient_scope challenge when none is required", async () => {
    const auth = await createAuthenticator(staticSettings({ name: "alice", token: alice }));
    expect(auth.challenge("insufficient_scope")).toBe('Bearer realm="toolsift", error="insufficient_scope"');
  });

  it("refuses settings that would let no one in", async () => {
    const refused = createAuthenticator({ tokens: [], oauth: undefined });
    await expect(refused).rejects.toThrow(OptionsError);
    await expect(refused).rejects.toMatchObject({
      code: "no_credential",
      message: expect.stringMatching(/no token and no OAuth issuer.*Add auth\.tokens or auth\.oauth\.$/),
    });
  });
});

describe("createAuthenticator with an OAuth issuer (oidc-provider on localhost)", () => {
  let issuer: AuthorizationServer;
  let valid: string;

  beforeAll(async () => {
    issuer = await startAuthorizationServer([RESOURCE, "https://elsewhere.test/mcp"]);
    valid = await issuer.token(RESOURCE);
  });
  afterAll(async () => {
    await issuer?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("accepts the issuer's JWT access token for this resource, mapping sub, groups, scopes and tenant", async () => {
    const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer) });
    expect(await auth.authenticate(bearer(valid))).toEqual({
      ok: true,
      caller: {
        id: "gateway-test-client",
        via: "oauth",
        groups: ["engineering"],
        scopes: ["tools:call", "tools:search"],
        tenant: "acme",
      },
    });
  });

  it("refuses every token a forger or another resource could bring, each for its own reason", async () => {
    const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer) });
    const forged = await forgedTokens(issuer, valid);
    const elsewhere = await issuer.token("https://elsewhere.test/mcp");
    const reasons = {
      expired: "expired",
      wrongIssuer: "wrong issuer",
      unsigned: "algorithm not allowed",
      wrongKey: "bad signature",
      tampered: "bad signature",
      hmacWithPublicKey: "algorithm not allowed",
      noSubject: "no subject",
      unknownKid: "unknown signing key",
      keyBound: "sender-constrained token",
    } as const;
    for (const [kind, token] of Object.entries(forged)) {
      expect(await auth.authenticate(bearer(token)), kind).toEqual({
        ok: false,
        reason: reasons[kind as keyof typeof reasons],
        error: "invalid_token",
      });
    }
    expect(await auth.authenticate(bearer(elsewhere))).toEqual({
      ok: false,
      reason: "wrong audience",
      error: "invalid_token",
    });
  });

  it("allows the configured clock skew on exp, and no more, and requires exp", async () => {
    const claims = { sub: "s", iss: issuer.issuer, aud: RESOURCE };
    const now = Math.floor(Date.now() / 1000);
    const sign = (exp: number) =>
      new SignJWT({ ...claims, exp }).setProtectedHeader({ alg: "RS256", kid: issuer.kid }).sign(issuer.signingKey);
    const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer, { clockSkewSeconds: 30 }) });
    expect(await auth.authenticate(bearer(await sign(now - 10)))).toMatchObject({ ok: true });
    expect(await auth.authenticate(bearer(await sign(now - 60)))).toMatchObject({ ok: false, reason: "expired" });
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: issuer.kid })
      .sign(issuer.signingKey);
    expect(await auth.authenticate(bearer(forever))).toEqual({
      ok: false,
      reason: "no expiry",
      error: "invalid_token",
    });
  });

  it("answers insufficient_scope when a valid token lacks a required scope, naming the scopes", async () => {
    const auth = await createAuthenticator({
      tokens: [],
      oauth: oauthSettings(issuer, { requiredScopes: ["tools:call"] }),
    });
    expect(await auth.authenticate(bearer(valid))).toMatchObject({ ok: true });
    const narrow = await issuer.token(RESOURCE, "tools:search");
    expect(await auth.authenticate(bearer(narrow))).toEqual({
      ok: false,
      reason: "insufficient scope",
      error: "insufficient_scope",
    });
    expect(auth.challenge("insufficient_scope")).toBe(
      `Bearer resource_metadata="https://toolsift.test/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", scope="tools:call"`,
    );
  });

  it("tries static tokens first, then JWTs, when both are configured", async () => {
    const token = newToken();
    const auth = await createAuthenticator({ ...staticSettings({ name: "ci", token }), oauth: oauthSettings(issuer) });
    expect(await auth.authenticate(bearer(token))).toMatchObject({ ok: true, caller: { id: "ci", via: "token" } });
    expect(await auth.authenticate(bearer(valid))).toMatchObject({ ok: true, caller: { via: "oauth" } });
    expect(await auth.authenticate(bearer(newToken()))).toMatchObject({ ok: false, reason: "unknown token" });
  });

  it("serves Protected Resource Metadata (RFC 9728) and points the challenge at it", async () => {
    const auth = await createAuthenticator({
      tokens: [],
      oauth: oauthSettings(issuer, { requiredScopes: ["tools:call"] }),
    });
    expect(auth.resourceMetadata).toEqual({
      resource: RESOURCE,
      authorization_servers: [issuer.issuer],
      bearer_methods_supported: ["header"],
      scopes_supported: ["tools:call"],
      resource_name: "toolsift gateway",
    });
    expect(auth.resourceMetadataUrl).toBe("https://toolsift.test/.well-known/oauth-protected-resource/mcp");
    expect(auth.challenge()).toBe(
      'Bearer resource_metadata="https://toolsift.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(auth.challenge("invalid_token")).toBe(
      'Bearer resource_metadata="https://toolsift.test/.well-known/oauth-protected-resource/mcp", error="invalid_token"',
    );
    expect(resourceMetadataUrl("https://gw.example")).toBe("https://gw.example/.well-known/oauth-protected-resource");
    expect(resourceMetadataUrl("https://gw.example/")).toBe("https://gw.example/.well-known/oauth-protected-resource");
    expect(resourceMetadataUrl("https://gw.example:8443/team/mcp/")).toBe(
      "https://gw.example:8443/.well-known/oauth-protected-resource/team/mcp",
    );
    // With no scope required, the metadata names none: an empty list would read as "no scope is granted".
    const open = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer) });
    expect(open.resourceMetadata).not.toHaveProperty("scopes_supported");
    expect(open.challenge("insufficient_scope")).toBe(
      'Bearer resource_metadata="https://toolsift.test/.well-known/oauth-protected-resource/mcp", error="insufficient_scope"',
    );
  });

  it("sends only what has a JWT's shape to the issuer's keys: anything else is an unknown token", async () => {
    const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer) });
    const reason = async (token: string) => {
      const answer = await auth.authenticate(bearer(token));
      return answer.ok ? "accepted" : answer.reason;
    };
    for (const token of ["a.b", "a.b.c.d", ".b.c", "~a.b.c", "a.b.c~", "a.b~.c", "a.b.c="])
      expect(await reason(token), token).toBe("unknown token");
    for (const token of ["e30.e30.c2ln", "e30..", "e30.e30."])
      expect(await reason(token), token).toBe("malformed token");
  });

  it("fetches the keys again for an unknown kid, but not more than once per cooldown", async () => {
    const { privateKey: first, publicKey: firstPublic } = await generateKeyPair("ES256");
    const { privateKey: second, publicKey: secondPublic } = await generateKeyPair("ES256");
    let keys = [{ ...(await exportJWK(firstPublic)), kid: "one", alg: "ES256" }];
    let fetches = 0;
    const jwks = await serve(() => (fetches++, { status: 200, body: JSON.stringify({ keys }) }));
    try {
      const auth = await createAuthenticator({
        tokens: [],
        oauth: oauthSettings(issuer, { jwksUri: `${jwks.url}/jwks` }),
      });
      const sign = (key: CryptoKey, kid: string) =>
        new SignJWT({ sub: "s", iss: issuer.issuer, aud: RESOURCE, exp: Math.floor(Date.now() / 1000) + 3600 })
          .setProtectedHeader({ alg: "ES256", kid })
          .sign(key);
      expect(await auth.authenticate(bearer(await sign(first, "one")))).toMatchObject({ ok: true });
      expect(fetches).toBe(1);
      // The issuer rotates in a new key: within the cooldown, a flood of unknown kids fetches nothing.
      keys = [...keys, { ...(await exportJWK(secondPublic)), kid: "two", alg: "ES256" }];
      const rotated = await sign(second, "two");
      for (let i = 0; i < 20; i++)
        expect(await auth.authenticate(bearer(rotated))).toMatchObject({ ok: false, reason: "unknown signing key" });
      expect(fetches).toBe(1);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
      expect(await auth.authenticate(bearer(rotated))).toMatchObject({ ok: true });
      expect(fetches).toBe(2);
    } finally {
      jwks.server.close();
    }
  });

  it("fetches a failing key set once per cooldown, however many unknown kids come, at once or one by one", async () => {
    const own = await startAuthorizationServer([RESOURCE]);
    try {
      const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(own) });
      const good = await own.token(RESOURCE);
      expect(await auth.authenticate(bearer(good))).toMatchObject({ ok: true });
      // Past jose's own cooldown after the keys loaded at start, an unknown kid may fetch again.
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start + 31_000 });
      const before = own.jwksFetches();
      own.failJwks(true);
      const unknownKid = (index: number) =>
        new SignJWT({ sub: "s", iss: own.issuer, aud: RESOURCE, exp: Math.floor(Date.now() / 1000) + 3600 })
          .setProtectedHeader({ alg: "RS256", kid: `rotated-${index}` })
          .sign(own.signingKey);
      const tokens = await Promise.all(Array.from({ length: 40 }, (_, index) => unknownKid(index)));
      const together = await Promise.all(tokens.slice(0, 20).map((token) => auth.authenticate(bearer(token))));
      const oneByOne = [];
      for (const token of tokens.slice(20)) oneByOne.push(await auth.authenticate(bearer(token)));
      for (const answer of [...together, ...oneByOne])
        expect(answer).toEqual({ ok: false, reason: "signing keys unavailable", error: "invalid_token" });
      expect(own.jwksFetches() - before).toBe(1);
      // A token with the known kid still passes from the cached keys meanwhile.
      expect(await auth.authenticate(bearer(good))).toMatchObject({ ok: true });
      // Past the cooldown, and with the issuer back, the keys are fetched again.
      own.failJwks(false);
      // The cooldown is 30 s from the failure (at start + 31 s), and no longer.
      vi.setSystemTime(start + 61_000);
      expect(await auth.authenticate(bearer(tokens[0]!))).toMatchObject({ ok: false, reason: "unknown signing key" });
      expect(own.jwksFetches() - before).toBe(2);
    } finally {
      vi.useRealTimers();
      await own.close();
    }
  });

  it("maps a token's claims to a caller within bounds: subject, scope and scp, groups, tenant", async () => {
    const auth = await createAuthenticator({
      tokens: [],
      oauth: oauthSettings(issuer, { groupsClaim: "roles", tenantClaim: "tid", requiredScopes: ["a", "b"] }),
    });
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ sub: "s", iss: issuer.issuer, aud: RESOURCE, exp, scope: "a b", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: issuer.kid })
        .sign(issuer.signingKey);
    const callerOf = async (claims: Record<string, unknown>) => auth.authenticate(bearer(await signed(claims)));
    const long = "x".repeat(257);
    expect(
      await callerOf({
        scope: " a  a ",
        scp: ["b", 7, "", long],
        roles: ["r1", 5, "", long, ["r3"], { length: 1 }, "r2"],
        tid: "acme",
      }),
    ).toEqual({
      ok: true,
      caller: { id: "s", via: "oauth", groups: ["r1", "r2"], scopes: ["a", "b"], tenant: "acme" },
    });
    expect(await callerOf({ scope: undefined, scp: "a b", roles: "admins", tid: "" })).toEqual({
      ok: true,
      caller: { id: "s", via: "oauth", groups: ["admins"], scopes: ["a", "b"], tenant: undefined },
    });
    const many = Array.from({ length: 300 }, (_, index) => `g${index}`);
    const bounded = await callerOf({ roles: many, tid: long, scp: 5 });
    expect(bounded).toMatchObject({ ok: true, caller: { tenant: undefined } });
    expect(bounded.ok && bounded.caller.groups).toEqual(many.slice(0, 256));
    expect(bounded.ok && Object.isFrozen(bounded.caller) && Object.isFrozen(bounded.caller.groups)).toBe(true);
    expect(await callerOf({ tid: "t".repeat(256) })).toMatchObject({ caller: { tenant: "t".repeat(256) } });
    expect(await callerOf({ sub: "s".repeat(256) })).toMatchObject({ ok: true });
    for (const sub of ["", "s".repeat(257), 5])
      expect(await callerOf({ sub })).toEqual({ ok: false, reason: "no subject", error: "invalid_token" });
    expect(await callerOf({ scope: "a" })).toEqual({
      ok: false,
      reason: "insufficient scope",
      error: "insufficient_scope",
    });
    expect(await callerOf({ scope: "ab" })).toMatchObject({ reason: "insufficient scope" });
    expect(auth.challenge("insufficient_scope")).toMatch(/, scope="a b"$/);
    const longest = "g".repeat(256);
    expect(await callerOf({ roles: [longest], scope: `a b ${longest}` })).toMatchObject({
      caller: { groups: [longest], scopes: ["a", "b", longest] },
    });
  });

  it("names each claim a token fails on, and a malformed token as such", async () => {
    const auth = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer) });
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ sub: "s", iss: issuer.issuer, aud: RESOURCE, exp: now + 3600, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: issuer.kid })
        .sign(issuer.signingKey);
    const reason = async (token: string) => {
      const answer = await auth.authenticate(bearer(token));
      return answer.ok ? "accepted" : answer.reason;
    };
    expect(await reason(await signed({ nbf: now + 600 }))).toBe("not yet valid");
    expect(await reason(await signed({ iat: "yesterday" }))).toBe("bad issue time");
    expect(await reason(await signed({ aud: "https://elsewhere.test/mcp" }))).toBe("wrong audience");
    expect(await reason(await signed({ iss: "https://other.example" }))).toBe("wrong issuer");
    expect(await reason(await signed({ exp: "soon" }))).toBe("no expiry");
    expect(await reason("e30.e30.c2ln")).toBe("malformed token");
    const notClaims = await new CompactSign(new TextEncoder().encode("not json"))
      .setProtectedHeader({ alg: "RS256", kid: issuer.kid })
      .sign(issuer.signingKey);
    expect(await reason(notClaims)).toBe("malformed token");
    // A token that is no JWT at all is not sent to the issuer's keys: it is an unknown token.
    expect(await reason("tsk_not-a-jwt")).toBe("unknown token");
  });

  it("stops at start when the issuer's metadata names another issuer, or its key set is too big", async () => {
    const impostor = await serve((path) =>
      path.includes("/.well-known/")
        ? { status: 200, body: JSON.stringify({ issuer: "https://someone-else.example", jwks_uri: "https://x/jwks" }) }
        : { status: 404, body: "{}" },
    );
    const huge = await serve(() => ({ status: 200, body: JSON.stringify({ keys: [], pad: "x".repeat(300_000) }) }));
    try {
      const settings = { ...oauthSettings(issuer), issuer: impostor.url };
      const refused = createAuthenticator({ tokens: [], oauth: settings });
      await expect(refused).rejects.toThrow(OAuthSetupError);
      await expect(refused).rejects.toThrow(/names the issuer "https:\/\/someone-else\.example"/);
      const jwksUri = `${huge.url}/jwks`;
      const big = await createAuthenticator({ tokens: [], oauth: oauthSettings(issuer, { jwksUri }) }).catch(
        (thrown: unknown) => thrown,
      );
      expect(big).toBeInstanceOf(OAuthSetupError);
      expect((big as Error).message).toBe(
        `toolsift.auth.oauth: cannot read the signing keys at ${jwksUri}: the signing keys could not be fetched: the answer is over 262144 bytes. Check "issuer" or "jwksUri".`,
      );
      // The cause is kept, down to the fetch's own error, for whoever debugs it.
      expect(((big as Error).cause as Error).cause).toEqual(new Error("the answer is over 262144 bytes"));
    } finally {
      impostor.server.close();
      huge.server.close();
    }
  });
});
