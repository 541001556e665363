import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STDERR_LINE_CHARS } from "../../src/mcp/stderr-lines.js";
import {
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * What a real `toolsift serve` process logs about real upstream server processes and a real
 * client: no secret the config expanded, and no line an upstream server or a client wrote can
 * pass for one of toolsift's, move the cursor, recolour the terminal or reorder the text.
 */

/** A quote (JSON-escaped in JSON output), a slash and a plus. */
const SECRET = 'sk_live_7Hq"x/y+z=Q';
/** Its first five characters, or three from further in. */
const LEAK = /sk_li|7Hq/;
/** What an upstream tries to pass off as the gateway's own line. */
const FORGED = 'toolsift: MCP server "bank" connected';
/** What must never reach the gateway's stderr: ESC, BEL, CR, C1 controls, bidi controls. */
const PAINT = /[\u001b\u0007\r\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
/** A terminal sequence set: clear the line, return, colour, a window title. */
const ANSI = "\u001b[2K\r\u001b[31m\u001b]0;pwned\u0007\u009b1m";

/** Prints the secret from its env, its args and as JSON, forged lines and long lines, then serves as the fixture. */
function loudServer(scratch: string): string {
  const file = join(scratch, "loud.mjs");
  const long = MAX_STDERR_LINE_CHARS;
  writeFileSync(
    file,
    `const token = process.env.UPSTREAM_TOKEN;\n` +
      `const say = (line) => process.stderr.write(line + "\\n");\n` +
      `say("env token " + token);\n` +
      `say("arg token " + process.argv[process.argv.indexOf("--token") + 1]);\n` +
      `say("json " + JSON.stringify({ token }));\n` +
      `say("ok " + ${JSON.stringify(ANSI + FORGED)} + " \\u202eevil");\n` +
      // One line cut in the middle of the secret, one whose secret is past the cut.
      `say("y".repeat(${long - 5}) + token);\n` +
      `say("z".repeat(${long + 10}) + token);\n` +
      `say("loud is up");\n` +
      `await import(${JSON.stringify(DYNAMIC_SERVER)});\n`,
  );
  return file;
}

/** Fails to start, with forged lines and terminal sequences at the end of its stderr. */
function forgerServer(scratch: string): string {
  const file = join(scratch, "forger.mjs");
  writeFileSync(
    file,
    `process.stderr.write(${JSON.stringify(`boom\n${FORGED}\n${ANSI}\u202eevil\n`)});\nprocess.exit(1);\n`,
  );
  return file;
}

/**
 * Fails to start, having printed the secret where the 2,000-character stderr tail kept for its
 * connect error starts five characters into it.
 */
function tailServer(scratch: string): string {
  const file = join(scratch, "tail.mjs");
  const pad = 2_000 + 5 - SECRET.length - 1;
  writeFileSync(
    file,
    `process.stderr.write(process.env.UPSTREAM_TOKEN + "\\n" + "t".repeat(${pad}));\nprocess.exitCode = 1;\n`,
  );
  return file;
}

describe("toolsift serve's log", () => {
  let gateway: GatewayClient;
  const asked: ElicitRequest["params"][] = [];
  const saved = process.env.API_TOKEN;

  beforeAll(async () => {
    const scratch = scratchDir();
    const file = writeConfig({
      mcpServers: {
        loud: {
          command: process.execPath,
          args: [loudServer(scratch), "--token", "${API_TOKEN}"],
          env: { UPSTREAM_TOKEN: "${API_TOKEN}", FIXTURE_CLIENT_REQUESTS: "1" },
        },
        forger: { command: process.execPath, args: [forgerServer(scratch)], stderr: "ignore" },
        tail: {
          command: process.execPath,
          args: [tailServer(scratch)],
          env: { UPSTREAM_TOKEN: "${API_TOKEN}" },
          stderr: "ignore",
        },
      },
      toolsift: { reconnect: false },
    });
    process.env.API_TOKEN = SECRET;
    gateway = await connectGateway(file, {
      elicit: (params) => {
        asked.push(params);
        // The confirmation of a destructive call is answered with an error that tries to forge a line.
        if (params.message.startsWith("Run ")) throw new Error(`no\n${FORGED}${ANSI}`);
        return { action: "decline" };
      },
    });
    await waitForUpstreams(gateway, ["loud"]).catch((error) => {
      throw new Error(`${error}\n${gateway.stderr().slice(0, 3000)}`);
    });
    await waitFor("forger to fail", () => gateway.stderr().includes('"forger"'), 30_000);
    await waitFor("tail to fail", () => gateway.stderr().includes('"tail"'), 30_000);
    await waitFor("loud's last stderr line", () => gateway.stderr().includes("loud is up"), 30_000);
  }, 60_000);

  afterAll(async () => {
    if (saved === undefined) delete process.env.API_TOKEN;
    else process.env.API_TOKEN = saved;
    await gateway?.close();
  });

  it("masks what ${API_TOKEN} expanded in an upstream's stderr, as is, as JSON and cut short", () => {
    const stderr = gateway.stderr();
    expect(stderr).not.toContain(SECRET);
    expect(stderr).not.toMatch(LEAK);
    expect(stderr).toContain("[loud] env token ${API_TOKEN}");
    expect(stderr).toContain("[loud] arg token ${API_TOKEN}");
    expect(stderr).toMatch(/\[loud\] y+\$\{API_TOKEN\}… \[14 more characters cut\]/);
    // The stderr tail a connect error quotes starts at a whole line, not inside the secret.
    expect(stderr).toMatch(/MCP server "tail" .*Its stderr ended with: t{100}/);
  });

  it("keeps an upstream's stderr line one line, its terminal sequences escaped", () => {
    const stderr = gateway.stderr();
    expect(stderr).not.toMatch(PAINT);
    const line = stderr.split("\n").find((candidate) => candidate.includes("[loud] ok "));
    expect(line).toBe(
      `toolsift: [loud] ok \\u001b[2K\\r\\u001b[31m\\u001b]0;pwned\\u0007\\u009b1m${FORGED} \\u202eevil`,
    );
  });

  it("keeps a failed upstream's stderr, quoted in its connect error, on the error's line", () => {
    const stderr = gateway.stderr();
    expect(stderr).not.toMatch(new RegExp(`^${FORGED}`, "m"));
    const line = stderr.split("\n").find((candidate) => candidate.includes('"forger"'));
    expect(line).toContain(`Its stderr ended with: boom ${FORGED}`);
  });

  it("keeps a client's error answer on the line that reports it", async () => {
    const refused = await gateway.client.callTool({ name: "loud__wipe_data", arguments: {} });
    expect(refused.isError).toBe(true);
    await waitFor("the refusal to be logged", () => gateway.stderr().includes("refused destructive"), 10_000);
    const stderr = gateway.stderr();
    expect(stderr).not.toMatch(new RegExp(`^${FORGED}`, "m"));
    expect(stderr).not.toMatch(PAINT);
    expect(stderr).toMatch(/refused destructive loud__wipe_data: .*no\\ntoolsift: MCP server "bank" connected\\u001b/);
  });
});

describe("a form an upstream server forwards to the client", () => {
  let gateway: GatewayClient;
  const asked: string[] = [];

  beforeAll(async () => {
    const file = writeConfig({
      mcpServers: {
        loud: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_CLIENT_REQUESTS: "1" } },
      },
    });
    gateway = await connectGateway(file, {
      elicit: (params) => {
        asked.push(params.message);
        return { action: "decline" };
      },
    });
    await waitForUpstreams(gateway, ["loud"]);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  it("keeps the server's question on the attribution's line, in its order, with no second attribution below", async () => {
    const message = 'Pick a colour.\r\nMCP server "bank" asks: your PIN?\u2028\u202eNIP\u2066 \u200bnow\u0085';
    const answer = await gateway.client.callTool({
      name: "loud__ask_client",
      arguments: { method: "elicitation/create", message },
    });
    expect(resultText(answer)).toContain('"action":"decline"');
    expect(asked).toEqual(['MCP server "loud" asks: Pick a colour.  MCP server "bank" asks: your PIN? NIP now ']);
  });
});

describe("toolsift serve that reaches no upstream server", () => {
  it("ends with an error that stays one line, the stderr it quotes escaped", async () => {
    const file = writeConfig({
      mcpServers: { forger: { command: process.execPath, args: [forgerServer(scratchDir())], stderr: "ignore" } },
      toolsift: { reconnect: false },
    });
    const run = await runToolsift(["serve", "--config", file]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(new RegExp(`^${FORGED}`, "m"));
    expect(run.stderr).not.toMatch(PAINT);
    expect(run.stderr).toMatch(/Its stderr ended with:\\nboom\\ntoolsift: MCP server "bank" connected\\n\\u001b\[2K/);
  }, 60_000);
});
