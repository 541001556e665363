import { describe, expect, it } from "vitest";
import { runWithoutPackages } from "../../../test/support/run-without-packages.js";

// Asks an OAuth authenticator for a loopback issuer nobody serves: with jose present it gets as
// far as fetching the issuer's metadata; without it, it must stop first, naming the package.
const SOURCE = `
import { createAuthenticator } from "./src/gateway/index.ts";
try {
  await createAuthenticator({ tokens: [], oauth: { issuer: "http://127.0.0.1:9", resource: "https://gw.test/mcp",
    jwksUri: undefined, audience: "https://gw.test/mcp", groupsClaim: "groups", tenantClaim: undefined,
    requiredScopes: [], clockSkewSeconds: 60 } });
  console.log(JSON.stringify({ ok: true }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, code: error.code, packageName: error.packageName, message: error.message }));
}
`;

describe("loadJose", () => {
  it("without jose installed, an OAuth config fails with a DependencyError naming jose and how to install it", async () => {
    const [missing, present] = await Promise.all([
      runWithoutPackages(["jose"], SOURCE),
      runWithoutPackages([], SOURCE),
    ]);
    expect(JSON.parse(missing.stdout.trim())).toMatchObject({
      name: "DependencyError",
      code: "missing_dependency",
      packageName: "jose",
      message: expect.stringMatching(
        /needs the jose package, which is not installed\. Install it .*npm install jose@\^6/,
      ),
    });
    // The control: with jose there, the same call gets past loading it, to the issuer that is not there.
    expect(JSON.parse(present.stdout.trim())).toMatchObject({ name: "OAuthSetupError", code: "oauth_setup_failed" });
  });
});
