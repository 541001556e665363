import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OAuthSettings } from "./auth-config.js";
import { OAUTH_ALGORITHMS, oauthVerifier } from "./oauth-verifier.js";

const ISSUER = "https://issuer.test";
const RESOURCE = "https://toolsift.test/mcp";

/** A key set served on 127.0.0.1: the issuer's keys, one per algorithm, each named by its algorithm. */
let server: Server;
let jwksUri: string;
const signingKeys = new Map<string, KeyObject>();

beforeAll(async () => {
  // One key pair per key type (an RSA key signs RS* and PS* alike), so the set is quick to make.
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const ed25519 = generateKeyPairSync("ed25519");
  const ec = (namedCurve: string) => generateKeyPairSync("ec", { namedCurve });
  const pairs: Record<(typeof OAUTH_ALGORITHMS)[number], { privateKey: KeyObject; publicKey: KeyObject }> = {
    RS256: rsa,
    RS384: rsa,
    RS512: rsa,
    PS256: rsa,
    PS384: rsa,
    PS512: rsa,
    ES256: ec("P-256"),
    ES384: ec("P-384"),
    ES512: ec("P-521"),
    EdDSA: ed25519,
    Ed25519: ed25519,
  };
  const keys: JWK[] = [];
  for (const alg of OAUTH_ALGORITHMS) {
    signingKeys.set(alg, pairs[alg].privateKey);
    keys.push({ ...(await exportJWK(pairs[alg].publicKey)), kid: alg, alg, use: "sig" });
  }
  const body = JSON.stringify({ keys });
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function settings(more: Partial<OAuthSettings> = {}): OAuthSettings {
  return {
    issuer: ISSUER,
    resource: RESOURCE,
    jwksUri,
    audience: RESOURCE,
    groupsClaim: "groups",
    tenantClaim: undefined,
    requiredScopes: [],
    clockSkewSeconds: 60,
    ...more,
  };
}

const signed = (alg: string, claims: Record<string, unknown> = {}) =>
  new SignJWT({ sub: "s", iss: ISSUER, aud: RESOURCE, exp: Math.floor(Date.now() / 1000) + 3600, ...claims })
    .setProtectedHeader({ alg, kid: alg })
    .sign(signingKeys.get(alg)!);

describe("oauthVerifier", () => {
  it("accepts a token signed with each asymmetric algorithm an issuer may use: RSA, RSA-PSS, ECDSA, EdDSA", async () => {
    const verify = await oauthVerifier(settings());
    expect(OAUTH_ALGORITHMS).toEqual([
      "RS256",
      "RS384",
      "RS512",
      "PS256",
      "PS384",
      "PS512",
      "ES256",
      "ES384",
      "ES512",
      "EdDSA",
      "Ed25519",
    ]);
    for (const alg of OAUTH_ALGORITHMS) {
      expect(await verify(await signed(alg)), alg).toMatchObject({ ok: true, caller: { id: "s", via: "oauth" } });
    }
  });

  it("refuses a token that requires an extension it does not know (crit), with a generic reason", async () => {
    const verify = await oauthVerifier(settings());
    const token = await new SignJWT({ sub: "s", iss: ISSUER, aud: RESOURCE, exp: Math.floor(Date.now() / 1000) + 3600 })
      .setProtectedHeader({ alg: "ES256", kid: "ES256", crit: ["urn:example:bound"], "urn:example:bound": true })
      .sign(signingKeys.get("ES256")!, { crit: { "urn:example:bound": true } });
    expect(await verify(token)).toEqual({ ok: false, reason: "invalid token", error: "invalid_token" });
  });

  it("gives no tenant when no tenant claim is configured, whatever claims the token carries", async () => {
    const verify = await oauthVerifier(settings());
    expect(await verify(await signed("ES256", { tenant: "acme", undefined: "acme" }))).toMatchObject({
      ok: true,
      caller: { tenant: undefined },
    });
  });
});
