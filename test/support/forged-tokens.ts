import { createPublicKey, KeyObject } from "node:crypto";
import { decodeJwt, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from "jose";
import type { AuthorizationServer } from "./authorization-server.js";

/**
 * Access tokens a resource server must refuse, each one respect away from a valid token of
 * `server`: the same claims, signed by the server's own key unless the point is the signature.
 */
export async function forgedTokens(
  server: AuthorizationServer,
  valid: string,
): Promise<
  Record<
    | "expired"
    | "wrongIssuer"
    | "unsigned"
    | "wrongKey"
    | "tampered"
    | "hmacWithPublicKey"
    | "noSubject"
    | "unknownKid"
    | "keyBound",
    string
  >
> {
  const claims = decodeJwt(valid);
  const now = Math.floor(Date.now() / 1000);
  const sign = (payload: JWTPayload, kid = server.kid) =>
    new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid }).sign(server.signingKey);
  const { privateKey: otherKey } = await generateKeyPair("RS256");
  const [header, , signature] = valid.split(".");
  const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: "admin", groups: ["admins"] })).toString(
    "base64url",
  );
  const { sub: _sub, ...withoutSub } = claims;
  // The issuer's public key, which anyone can fetch from its key set.
  const publicPem = createPublicKey(KeyObject.from(server.signingKey)).export({ format: "pem", type: "spki" });
  return {
    // Past the gateway's 60 s of clock skew.
    expired: await sign({ ...claims, iat: now - 600, exp: now - 300 }),
    wrongIssuer: await sign({ ...claims, iss: "https://issuer.evil.example" }),
    unsigned: new UnsecuredJWT(claims).encode(),
    wrongKey: await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: server.kid })
      .sign(otherKey),
    tampered: `${header}.${tamperedPayload}.${signature}`,
    // Algorithm confusion: HS256 with the issuer's public key as the shared secret.
    hmacWithPublicKey: await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: server.kid })
      .sign(new TextEncoder().encode(String(publicPem))),
    noSubject: await sign(withoutSub),
    unknownKid: await sign(claims, "a-kid-nobody-published"),
    // A DPoP-bound token presented without its proof.
    keyBound: await sign({ ...claims, cnf: { jkt: "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I" } }),
  };
}
