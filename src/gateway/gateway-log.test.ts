import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { DYNAMIC_SERVER, waitFor } from "../../test/support/mcp-servers.js";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { Gateway } from "./gateway.js";

const SECRET = "ghp_gatewayLogSecret99";

describe("Gateway.start's log", () => {
  it("redacts what ${NAME} expanded from every line, reconnect after reconnect", async () => {
    const config = parseGatewayConfig(
      {
        mcpServers: {
          dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
          broken: {
            command: process.execPath,
            args: [join(tmpdir(), "toolsift-no-such-server.js"), "--token", "${API_TOKEN}"],
            stderr: "ignore",
          },
        },
        toolsift: { reconnect: { initialDelayMs: 20, maxDelayMs: 40 } },
      },
      "mcp.json",
      { API_TOKEN: SECRET },
    );
    const lines: string[] = [];
    const gateway = await Gateway.start({ config, log: (line) => lines.push(line) });
    try {
      await waitFor("three failed attempts", () => lines.filter((line) => line.includes('"broken"')).length >= 3);
    } finally {
      await gateway.close();
    }
    const broken = lines.filter((line) => line.includes('"broken"'));
    expect(broken.join("\n")).toContain("--token ${API_TOKEN}");
    expect(lines.join("\n")).not.toContain(SECRET.slice(0, 8));
  }, 30_000);

  it("takes an upstream's stderr lines, redacted, and escapes every line it passes on", async () => {
    const script = join(mkdtempSync(join(tmpdir(), "toolsift-log-")), "loud.mjs");
    writeFileSync(
      script,
      'process.stderr.write("token " + process.env.UPSTREAM_TOKEN + "\\n\\u001b[2K\\rtoolsift: forged\\n");\n' +
        "process.exitCode = 1;\n",
    );
    const config = parseGatewayConfig(
      {
        mcpServers: { loud: { command: process.execPath, args: [script], env: { UPSTREAM_TOKEN: "${API_TOKEN}" } } },
        toolsift: { reconnect: false },
      },
      "mcp.json",
      { API_TOKEN: SECRET },
    );
    const lines: string[] = [];
    const gateway = await Gateway.start({ config, log: (line) => lines.push(line) });
    try {
      await waitFor("loud to fail", () => lines.some((line) => line.includes('"loud" connect')));
    } finally {
      await gateway.close();
    }
    expect(lines).toContain("[loud] token ${API_TOKEN}");
    expect(lines).toContain("[loud] \\u001b[2K\\rtoolsift: forged");
    for (const line of lines) for (const control of ["\n", "\r", "\u001b"]) expect(line).not.toContain(control);
    expect(lines.join("\n")).not.toContain(SECRET.slice(0, 8));
  }, 30_000);
});
