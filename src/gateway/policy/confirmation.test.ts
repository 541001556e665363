import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { confirmationOf, escapeVisible, MAX_SHOWN_INPUT } from "./confirmation.js";

const tool = { name: "fs__write_file", server: "fs" };

describe("the confirmation of a destructive call, through a real client that confirms", () => {
  let gw: InProcessGateway;
  let client: Client;
  const asked: string[] = [];

  beforeAll(async () => {
    gw = await startInProcessGateway({});
    client = await gw.connect(caller("alice"), {
      elicit: (request) => {
        asked.push(request.message);
        return { action: "accept" };
      },
    });
  }, 30_000);
  afterAll(async () => {
    await gw?.close();
  });

  it("shows a short path that comes after a 1,600-character content, and says how much of the content it cut", async () => {
    const result = await client.callTool({
      name: "dyn__wipe_data",
      arguments: { content: "A".repeat(1_600), path: "~/.config/autostart/backdoor.desktop" },
    });
    expect(resultText(result)).toBe("wiped");
    const message = asked.at(-1)!;
    expect(message).toContain('"path": "~/.config/autostart/backdoor.desktop"');
    expect(message).toContain(`"content": "${"A".repeat(299)}… (1302 more characters)`);
  });

  it("escapes bidi overrides, isolates and control characters in names and values", async () => {
    await client.callTool({
      name: "dyn__wipe_data",
      arguments: { "file\u202Ename": "report\u2066txt.exe\u2069\u0007\nnext: line", note: "a\u200Fb\u061Cc" },
    });
    const message = asked.at(-1)!;
    expect(message).toContain('"file\\u202Ename": "report\\u2066txt.exe\\u2069\\u0007\\nnext: line"');
    expect(message).toContain('"note": "a\\u200Fb\\u061Cc"');
    const input = message.slice(message.indexOf("Input:\n") + 7);
    for (const hidden of ["\u202E", "\u2066", "\u2069", "\u200F", "\u061C", "\u0007"])
      expect(input).not.toContain(hidden);
    // The newline in a value cannot start a line of its own that looks like another argument.
    expect(input.split("\n")).toHaveLength(2);
  });

  it("refuses to ask, and the tool does not run, when it could not even name what it leaves out", async () => {
    const before = asked.length;
    const wipes = gw.wipes("dyn");
    const input = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`argument_${i}`, "x".repeat(50)]));
    const result = await client.callTool({ name: "dyn__wipe_data", arguments: input });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain("too many arguments to show");
    expect(asked.length).toBe(before);
    expect(gw.wipes("dyn")).toBe(wipes);
  });
});

describe("confirmationOf", () => {
  it("says which arguments it left out and how large they are, within its bound", () => {
    const input = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`part_${i}`, "y".repeat(400)]));
    const message = confirmationOf(tool, input)!;
    const body = message.slice(message.indexOf("Input:\n") + 7);
    expect(body.length).toBeLessThanOrEqual(MAX_SHOWN_INPUT);
    const note = /… and (\d+) more arguments not shown here \((\d+) characters\): (.*)\.$/.exec(body);
    expect(note).not.toBeNull();
    const shownKeys = [...body.matchAll(/^"(part_\d+)": /gm)].map((match) => match[1]);
    const leftOut = note![3]!.split(", ").map((key) => key.slice(1, -1));
    expect([...shownKeys, ...leftOut].sort()).toEqual(Object.keys(input).sort());
    expect(Number(note![1])).toBe(leftOut.length);
    expect(Number(note![2])).toBe(leftOut.length * 402);
  });

  it("shows scalars before objects and arrays, whatever the model's order", () => {
    const message = confirmationOf(tool, { options: { force: true }, files: ["a"], path: "/etc/x", mode: 644 })!;
    expect(message.slice(message.indexOf("Input:\n") + 7).split("\n")).toEqual([
      '"path": "/etc/x"',
      '"mode": 644',
      '"options": {"force":true}',
      '"files": ["a"]',
    ]);
  });

  it("escapes every hiding character visibly, and doubles backslashes so an escape cannot be faked", () => {
    expect(escapeVisible("a\u202Db\u2028c\uFEFFd\u0000e\\u202E")).toBe("a\\u202Db\\u2028c\\uFEFFd\\u0000e\\\\u202E");
    expect(escapeVisible("\ud800x")).toBe("\\uD800x");
    expect(escapeVisible("emoji 😀 stays")).toBe("emoji 😀 stays");
  });
});
