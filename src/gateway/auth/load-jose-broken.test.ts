import { afterEach, describe, expect, it, vi } from "vitest";
import { DependencyError } from "../../errors.js";
import { joseLoadError } from "./load-jose.js";

type LoadJoseModule = typeof import("./load-jose.js");

/** A copy of load-jose.ts of its own (the query makes a new module), so its cached `jose` starts empty. */
async function freshLoadJose(copy: string): Promise<LoadJoseModule["loadJose"]> {
  const path = `./load-jose.js?${copy}`;
  return ((await import(path)) as LoadJoseModule).loadJose;
}

afterEach(() => {
  vi.doUnmock("jose");
});

// A jose that is not installed at all is load-jose.test.ts's, in a process of its own: vitest
// wraps an error thrown by a mock's factory, so Node's ERR_MODULE_NOT_FOUND cannot be faked here.
describe("loadJose, with jose installed but broken", () => {
  it("fails with a DependencyError saying to reinstall it, and tries again on the next call", async () => {
    vi.doMock("jose", () => ({ jwtVerify: () => undefined, createRemoteJWKSet: "not a function" }));
    const loadJose = await freshLoadJose("broken");
    const error = await loadJose().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DependencyError);
    expect(error).toMatchObject({ code: "missing_dependency", packageName: "jose" });
    expect((error as Error).message).toBe(
      "jose is installed but failed to load (it exports no jwtVerify or createRemoteJWKSet). Reinstall it with `npm install jose@^6.0.0`.",
    );
    expect((error as Error).cause).toBeInstanceOf(Error);
    vi.doUnmock("jose");
    // Not cached: once jose is whole again, the next call loads it.
    const jose = await loadJose();
    expect(typeof jose.jwtVerify).toBe("function");
    expect(await loadJose()).toBe(jose);
  });

  it("tells a jose without jwtVerify from one that loads whole", async () => {
    vi.doMock("jose", () => ({ jwtVerify: 5, createRemoteJWKSet: () => undefined }));
    const loadJose = await freshLoadJose("no-verify");
    await expect(loadJose()).rejects.toThrow("it exports no jwtVerify or createRemoteJWKSet");
  });
});

describe("joseLoadError", () => {
  /** What Node throws for `import("<name>")` when that package is not installed. */
  const notFound = (name: string) =>
    Object.assign(new Error(`Cannot find package '${name}' imported from /app/dist/gateway/auth/load-jose.js`), {
      code: "ERR_MODULE_NOT_FOUND",
    });

  it("names the package and how to install it when jose is not installed", () => {
    const cause = notFound("jose");
    const error = joseLoadError(cause);
    expect(error).toMatchObject({ code: "missing_dependency", packageName: "jose", cause });
    expect(error.message).toBe(
      "Checking OAuth access tokens (toolsift.auth.oauth) needs the jose package, which is not installed. Install it next to toolsift with `npm install jose@^6.0.0`, or use static tokens (toolsift.auth.tokens) instead.",
    );
  });

  it("says to reinstall jose when what is missing is another package, or the error is another one", () => {
    for (const cause of [notFound("jose-helper"), new Error("Cannot find package 'jose'")]) {
      expect(joseLoadError(cause).message).toMatch(/^jose is installed but failed to load \(Cannot find package/);
    }
  });
});
