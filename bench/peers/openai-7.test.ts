// vitest.peers.config.ts runs runAgent's provider tests again with every "openai" import pointed at
// bench/peers' openai 7; this checks that the pointing holds, or those runs would test openai 6 twice.
import { describe, expect, it } from "vitest";

describe("openai under test:peers", () => {
  it("is openai 7 that the provider tests load here", async () => {
    const { VERSION } = (await import("openai/version")) as { VERSION: string };
    expect(VERSION.split(".")[0]).toBe("7");
  });
});
