import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { errorText } from "./errors.js";

describe("errorText", () => {
  it("adds the network reason that fetch keeps in the cause", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const address = probe.address();
    await new Promise((resolve) => probe.close(resolve));
    if (address === null || typeof address === "string") throw new Error("no port");
    const failure: unknown = await fetch(`http://127.0.0.1:${address.port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toContain("ECONNREFUSED");
    expect(errorText(failure)).toMatch(/^fetch failed \(.*ECONNREFUSED.*\)$/);
  });

  it("does not repeat a cause the message already states, and stringifies what is not an Error", () => {
    const cause = new Error("disk full");
    expect(errorText(new Error("write failed: disk full", { cause }))).toBe("write failed: disk full");
    expect(errorText(new Error("write failed", { cause: "not an Error" }))).toBe("write failed");
    expect(errorText("plain text")).toBe("plain text");
    expect(errorText(42)).toBe("42");
    expect(errorText(undefined)).toBe("undefined");
  });
});
