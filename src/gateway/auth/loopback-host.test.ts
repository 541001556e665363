import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost } from "./loopback-host.js";

describe("isLoopbackHost", () => {
  it("is localhost in any case, 127.0.0.0/8 and ::1, bare or in brackets", () => {
    for (const host of [
      "localhost",
      "LocalHost",
      "[localhost]",
      "127.0.0.1",
      "127.255.0.9",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "[0:0:0:0:0:0:0:1]",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it("is nothing else: other addresses, names that merely start alike, half brackets", () => {
    for (const host of [
      "0.0.0.0",
      "128.0.0.1",
      "1.127.0.0",
      "127.0.0.1.evil.example",
      "localhost.evil.example",
      "::2",
      "[::1",
      "::1]",
      // A bracket on one side only is no URL's bracketed host: nothing is stripped.
      "[::1x",
      "x::1]",
      "[127.0.0.1x",
      "::ffff:127.0.0.1",
      "",
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("isLoopbackAddress", () => {
  it("is an IP literal in 127.0.0.0/8, or ::1 written any way, or IPv4-mapped 127.x", () => {
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "[::FFFF:127.0.0.2]",
    ])
      expect(isLoopbackAddress(host), host).toBe(true);
  });

  it("refuses names, localhost included, and every other address", () => {
    for (const host of [
      "localhost",
      "0.0.0.0",
      "10.0.0.1",
      "::",
      "::2",
      "::ffff:10.0.0.1",
      "1::ffff:127.0.0.1",
      "::ffff:1271:0",
      "127.0.0.1.evil.example",
      "[127.0.0.1]x",
      "[::1x",
      "x::1]",
      "::ffff:127.0.0.1.evil.example",
      "x127.0.0.1",
    ])
      expect(isLoopbackAddress(host), host).toBe(false);
  });
});
