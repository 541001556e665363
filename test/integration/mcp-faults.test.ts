import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createToolSearch, type ToolSearchEvent, type ToolsiftError } from "../../src/index.js";
import { fromMcp, type McpServerConfig } from "../../src/public/mcp.js";
import { MCP_LIST_LIMITS } from "../../src/mcp/mcp-tool-list.js";
import {
  DYNAMIC_SERVER,
  HOSTILE_SERVER,
  isAlive,
  isRunning,
  runTool,
  textOf,
  toolNamed,
  waitFor,
} from "../support/mcp-servers.js";

const node = (script: string, env?: Record<string, string>): McpServerConfig => ({
  command: process.execPath,
  args: [script],
  stderr: "ignore",
  ...(env ? { env } : {}),
});

describe("a server whose tools/list holds malformed tools", () => {
  it("skips each malformed tool with a warning, keeps the good ones, and leaves other servers alone", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp(
      { hostile: node(HOSTILE_SERVER), dyn: node(DYNAMIC_SERVER) },
      { onError: (error) => errors.push(error) },
    );
    try {
      const tools = await host.listTools();
      const names = tools.map((t) => t.name).filter((name) => name.startsWith("hostile__"));
      expect(names.sort()).toEqual(
        [
          "annotations_is_string",
          "bad_result",
          "description_is_number",
          "destructive_as_string",
          "garbage",
          "huge_description",
          "huge_error",
          "huge_title",
          "loose_schema",
          "ok_tool",
        ].map((name) => `hostile__${name}`),
      );
      expect(tools.some((t) => t.name === "dyn__echo")).toBe(true);
      expect(textOf(await runTool(host, "hostile__ok_tool"))).toBe("ok from ok_tool");
      expect(textOf(await runTool(host, "dyn__echo", { text: "fine" }))).toBe("echo: fine");

      const invalid = errors.filter((error) => error.code === "mcp_invalid_tool");
      // No name, a number, "", 5,000 characters, schema as string, array, type string, missing,
      // huge, null, a string entry.
      expect(invalid).toHaveLength(11);
      for (const error of invalid) expect(error.message).toContain('MCP server "hostile"');
      expect(invalid.map((error) => error.message).join("\n")).toMatch(
        /"schema_is_string" has an inputSchema that is "object" \(a string\), not an object/,
      );
      expect(errors.filter((error) => error.code === "mcp_duplicate_tool")).toHaveLength(1);
      // Every warning stays short, whatever the server sent.
      for (const error of errors) expect(error.message.length).toBeLessThan(1_000);
    } finally {
      await host.close();
    }
  });

  it("cuts huge descriptions and titles, ignores fields of the wrong type, and reads unreadable safety hints as destructive", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp({ hostile: node(HOSTILE_SERVER) }, { onError: (error) => errors.push(error) });
    try {
      const tools = await host.listTools();
      const huge = toolNamed(tools, "hostile__huge_description");
      expect(huge.description.length).toBeLessThanOrEqual(MCP_LIST_LIMITS.descriptionChars);
      expect(huge.description.startsWith("Describe a huge thing.")).toBe(true);
      const titled = toolNamed(tools, "hostile__huge_title");
      for (const tag of titled.tags ?? []) expect(tag.length).toBeLessThanOrEqual(MCP_LIST_LIMITS.titleChars);
      expect(titled.description.length).toBeLessThanOrEqual(MCP_LIST_LIMITS.titleChars);
      expect(toolNamed(tools, "hostile__description_is_number").description).toContain("description_is_number");
      expect(toolNamed(tools, "hostile__destructive_as_string").destructive).toBe(true);
      expect(toolNamed(tools, "hostile__annotations_is_string").destructive).toBe(true);
      expect(toolNamed(tools, "hostile__ok_tool").destructive).toBe(false);
      const codes = errors.map((error) => error.code);
      expect(codes.filter((code) => code === "mcp_tool_text_truncated")).toHaveLength(2);
      expect(codes.filter((code) => code === "mcp_invalid_annotations")).toHaveLength(2);
      expect(codes.filter((code) => code === "mcp_invalid_tool_field")).toHaveLength(2);

      // The same bad list again warns no more: once per tool, not once per listing.
      const before = errors.length;
      await host.refresh("hostile");
      expect(errors.length).toBe(before);
    } finally {
      await host.close();
    }
  });

  it("bounds a huge error message from the server in the error result", async () => {
    const host = await fromMcp({ hostile: node(HOSTILE_SERVER) }, { onError: () => {} });
    try {
      const output = await runTool(host, "hostile__huge_error");
      expect(output.isError).toBe(true);
      expect(textOf(output)).toContain('Tool "huge_error" of MCP server "hostile" failed');
      expect(textOf(output).length).toBeLessThan(3_000);
    } finally {
      await host.close();
    }
  });
});

describe("a server whose tools/call result has the wrong shape", () => {
  it("answers each such call with an error result naming server, tool and what is wrong, bounded, never a success", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp({ hostile: node(HOSTILE_SERVER) }, { onError: (error) => errors.push(error) });
    try {
      const cases: [string, RegExp][] = [
        [
          "content-string",
          /content is the string "not an array", not an array of content blocks; isError is the string "maybe", not true or false/,
        ],
        ["is-error-string", /isError is the string "false", not true or false/],
        ["block-not-object", /content\[0\] is the string "just a string", not a content block with a string type/],
        ["block-without-type", /content\[0\] is an object, not a content block with a string type/],
        ["structured-array", /structuredContent is an array of 3, not an object/],
        ["huge-string-content", /content is the string "c+…", not an array/],
      ];
      for (const [shape, says] of cases) {
        const output = await runTool(host, "hostile__bad_result", { shape });
        expect(output.isError, shape).toBe(true);
        const text = textOf(output);
        expect(text, shape).toMatch(
          /^Tool "bad_result" of MCP server "hostile" failed: its result could not be read \(/,
        );
        expect(text, shape).toMatch(says);
        expect(text, shape).toContain("not known whether the call worked");
        expect(text.length, shape).toBeLessThan(1_000);
        // Nothing of the unreadable result reaches the model as if it were the tool's answer.
        expect(output.content, shape).toHaveLength(1);
      }
      // The same server and tool answer a well-formed result as before.
      expect(textOf(await runTool(host, "hostile__ok_tool"))).toBe("ok from ok_tool");
      const warnings = errors.filter((error) => error.code === "mcp_invalid_result");
      expect(warnings).toHaveLength(cases.length);
      for (const warning of warnings) {
        expect(warning.message).toMatch(
          /^Tool "bad_result" of MCP server "hostile" answered tools\/call with a result that cannot be read: /,
        );
        expect(warning.message.length).toBeLessThan(1_000);
      }
    } finally {
      await host.close();
    }
  });
});

describe("a tool call that hangs", () => {
  it("comes back as an error result naming server, tool and timeout; that server and the others stay usable", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp(
      { stuck: node(DYNAMIC_SERVER), other: node(DYNAMIC_SERVER) },
      { callTimeoutMs: 300, onError: (error) => errors.push(error) },
    );
    try {
      const hanging = runTool(host, "stuck__hang");
      // While it hangs, the other server and the same server answer.
      expect(textOf(await runTool(host, "other__echo", { text: "not blocked" }))).toBe("echo: not blocked");
      expect(textOf(await runTool(host, "stuck__echo", { text: "me neither" }))).toBe("echo: me neither");
      // A generous bound, only to fail fast where the SDK's 60 s default would still be waiting.
      const bound = new Promise<"still waiting">((resolve) =>
        setTimeout(() => resolve("still waiting"), 15_000).unref(),
      );
      const output = await Promise.race([hanging, bound]);
      if (output === "still waiting") throw new Error("the hung call was still waiting after 15 s");
      expect(output.isError).toBe(true);
      expect(textOf(output)).toMatch(/Tool "hang" of MCP server "stuck" failed: .*no answer within 300 ms/);
      expect(textOf(output)).toContain("callTimeoutMs");
      expect(textOf(await runTool(host, "stuck__echo", { text: "still here" }))).toBe("echo: still here");
      expect(errors.map((error) => error.code)).toEqual(["mcp_call_timeout"]);
      expect(errors[0]?.message).toMatch(/"hang".*"stuck".*300 ms/);
    } finally {
      await host.close();
    }
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, "30s"])("rejects callTimeoutMs %s", async (callTimeoutMs) => {
    await expect(fromMcp({}, { callTimeoutMs: callTimeoutMs as number })).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringContaining("callTimeoutMs"),
    });
  });
});

describe("close() with a server started through a wrapper", () => {
  it("ends the whole process tree, grandchild included, even when the server ignores the end of stdin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-mcp-tree-"));
    let grandchild: number | undefined;
    try {
      const pidFile = join(dir, "pid");
      // `; exit $?` keeps sh from exec'ing node, so node really is sh's child, not toolsift's.
      const wrapped: McpServerConfig = {
        command: "sh",
        args: ["-c", '"$0" "$1"; exit $?', process.execPath, DYNAMIC_SERVER],
        env: { FIXTURE_PID_FILE: pidFile, FIXTURE_HOLD_OPEN: "1" },
        stderr: "ignore",
      };
      const host = await fromMcp({ wrapped });
      grandchild = Number(textOf(await runTool(host, "wrapped__get_pid")));
      expect(grandchild).toBe(Number(readFileSync(pidFile, "utf8")));
      expect(parentOf(grandchild)).not.toBe(process.pid);
      expect(isAlive(grandchild)).toBe(true);
      await host.close();
      await waitFor(`grandchild ${grandchild} to end`, () => !isAlive(grandchild!), 15_000);
    } finally {
      if (grandchild !== undefined && isAlive(grandchild)) process.kill(grandchild, "SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ends a `sh -c` group that ignores SIGTERM with SIGKILL, and resolves only once it has ended", async () => {
    let server: number | undefined;
    let wrapper: number | undefined;
    try {
      // sh ignores SIGTERM through its trap; the server, which Node would reset, through FIXTURE_IGNORE_TERM.
      const wrapped: McpServerConfig = {
        command: "sh",
        args: ["-c", 'trap "" TERM; "$0" "$1"; exit $?', process.execPath, DYNAMIC_SERVER],
        env: { FIXTURE_HOLD_OPEN: "1", FIXTURE_IGNORE_TERM: "1" },
        stderr: "ignore",
      };
      const host = await fromMcp({ wrapped });
      server = Number(textOf(await runTool(host, "wrapped__get_pid")));
      wrapper = parentOf(server);
      expect(wrapper).not.toBe(process.pid);
      expect(isRunning(server) && isRunning(wrapper!)).toBe(true);
      const started = Date.now();
      await host.close();
      const took = Date.now() - started;
      // No waiting after close(): when it resolves, sh is reaped and the server has ended. (Orphaned
      // by sh, the server may stay a zombie where PID 1 does not reap; a zombie runs nothing.)
      expect(isAlive(wrapper!), `sh ${wrapper} after close()`).toBe(false);
      expect(isRunning(server), `server ${server} after close()`).toBe(false);
      // stdin's end and SIGTERM were each given their 2 s of grace before SIGKILL, and no more than that.
      expect(took).toBeGreaterThanOrEqual(3_900);
      expect(took).toBeLessThan(10_000);
    } finally {
      for (const pid of [server, wrapper]) if (pid !== undefined && isAlive(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

describe("a server that writes garbage to stdout", () => {
  it("still answers, and the garbage is reported once, bounded", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp({ hostile: node(HOSTILE_SERVER) }, { onError: (error) => errors.push(error) });
    try {
      const first = await runTool(host, "hostile__garbage");
      expect(first.isError).toBe(false);
      expect(textOf(first)).toBe("answered after the garbage");
      expect(textOf(await runTool(host, "hostile__garbage"))).toBe("answered after the garbage");
      const garbage = errors.filter((error) => error.code === "mcp_stdout_garbage");
      expect(garbage).toHaveLength(1);
      expect(garbage[0]?.message).toContain('MCP server "hostile"');
      expect(garbage[0]?.message).toContain("this line is not JSON at all");
      expect(garbage[0]?.message.length).toBeLessThan(1_000);
    } finally {
      await host.close();
    }
  });
});

describe("a server whose tool's schema is written in other conventions", () => {
  it("is searched and called with the schema read as meant, inputs checked against it, and one warning", async () => {
    const host = await fromMcp({ hostile: node(HOSTILE_SERVER) }, { onError: () => {} });
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: host,
      onEvent: (event) => events.push(event),
      tuning: { toolSearchThresholdTokens: 0 },
    });
    try {
      const session = toolSearch.session();
      const search = await session.execute({ id: "t1", name: "search_tools", input: { query: "weather in a city" } });
      expect(JSON.parse(search.content as string).matches[0].name).toBe("hostile__loose_schema");

      // The mended schema decides: no city, and the server is never asked.
      const refused = await session.execute({ id: "t2", name: "hostile__loose_schema", input: { days: 2 } });
      expect(refused.is_error).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("city");
      const ran = await session.execute({
        id: "t3",
        name: "hostile__loose_schema",
        input: { city: "Oslo", days: "2" },
      });
      expect(ran).toMatchObject({ content: [{ type: "text", text: 'weather for {"city":"Oslo","days":2}' }] });
      // Hydrated after its first call: the model is shown the mended schema.
      const block = await session.tools();
      expect(block.find((tool) => tool.name === "hostile__loose_schema")?.input_schema).toEqual({
        type: "object",
        properties: { city: { type: "string" }, days: { type: "integer", examples: [3] } },
        required: ["city"],
      });

      await session.execute({ id: "t4", name: "search_tools", input: { query: "weather" } });
      const mended = events.filter((event) => event.type === "warning" && event.code === "schema_mended");
      expect(mended).toHaveLength(1);
      expect(mended[0]).toMatchObject({ message: expect.stringContaining('"type" "STRING" at /properties/city') });
    } finally {
      await toolSearch.close();
      await host.close();
    }
  });
});

/** The parent process id of `pid`, from /proc (Linux), or undefined elsewhere. */
function parentOf(pid: number): number | undefined {
  try {
    // The command name in field 2 may hold spaces; fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}
