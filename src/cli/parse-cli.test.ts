import { describe, expect, it } from "vitest";
import { HELP } from "./help.js";
import { UsageError, parseCli } from "./parse-cli.js";

describe("parseCli", () => {
  it("reads each command with its defaults", () => {
    expect(parseCli(["serve", "--config", "mcp.json"])).toEqual({
      command: "serve",
      config: "mcp.json",
      http: undefined,
      host: "127.0.0.1",
      stubs: false,
      noAuth: false,
    });
    expect(parseCli(["serve", "-c", "m.json", "--http", "0", "--host", "0.0.0.0", "--stubs"])).toEqual({
      command: "serve",
      config: "m.json",
      http: 0,
      host: "0.0.0.0",
      stubs: true,
      noAuth: false,
    });
    expect(parseCli(["token", "create", "ci"])).toEqual({ command: "token", action: "create", name: "ci" });
    expect(parseCli(["inspect", "--tools", "t.json", "--json", "--fail-on", "warning", "--ranker", "hybrid"])).toEqual({
      command: "inspect",
      source: { kind: "tools", file: "t.json" },
      json: true,
      failOn: "warning",
      ranker: "hybrid",
    });
    expect(parseCli(["search", "-c", "m.json", "open", "a", "pull", "request", "-n", "3"])).toEqual({
      command: "search",
      source: { kind: "config", file: "m.json" },
      query: "open a pull request",
      limit: 3,
      json: false,
      ranker: undefined,
    });
  });

  it("answers help and version however they are asked", () => {
    expect(parseCli([])).toEqual({ command: "help", topic: "main" });
    expect(parseCli(["--help"])).toEqual({ command: "help", topic: "main" });
    expect(parseCli(["help", "search"])).toEqual({ command: "help", topic: "search" });
    expect(parseCli(["serve", "--help"])).toEqual({ command: "help", topic: "serve" });
    expect(parseCli(["inspect", "-h"])).toEqual({ command: "help", topic: "inspect" });
    expect(parseCli(["-v"])).toEqual({ command: "version" });
    expect(parseCli(["token", "--help"])).toEqual({ command: "help", topic: "token" });
    for (const topic of ["serve", "inspect", "search", "token"] as const)
      expect(HELP[topic]).toMatch(new RegExp(`^toolsift ${topic}: `));
  });

  it("allows --no-auth with --http on every loopback address, and only there", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "localhost"]) {
      expect(parseCli(["serve", "-c", "m.json", "--http", "0", "--host", host, "--no-auth"]), host).toMatchObject({
        noAuth: true,
        host,
      });
    }
  });

  it("rejects a bad command line with a UsageError that says what to do", () => {
    const cases: [string[], RegExp][] = [
      [["serve"], /toolsift serve needs --config <file>/],
      [["serve", "--config"], /toolsift serve: --config needs a value/],
      [["serve", "-c"], /toolsift serve: --config needs a value/],
      [["serve", "-c", "x.json", "--htp", "80"], /unknown option --htp\. Run toolsift serve --help/],
      [["serve", "-c", "x.json", "--http", "99999"], /--http takes a whole number from 0 to 65535, not "99999"/],
      [["serve", "-c", "x.json", "--http", "8o"], /--http takes a whole number/],
      [["serve", "-c", "x.json", "--host", "0.0.0.0"], /--host only applies with --http/],
      [["serve", "-c", "x.json", "extra"], /unexpected argument "extra"/],
      [["serve", "-c", "x.json", "--stubs=yes"], /--stubs takes no value/],
      [["inspect"], /needs --config <file> \(MCP servers\) or --tools <file\.json>/],
      [["inspect", "-c", "a.json", "-t", "b.json"], /give --config or --tools, not both/],
      [["inspect", "--tools", "a.json", "--fail-on", "info"], /--fail-on takes "warning" or "error"/],
      [["search", "--tools", "a.json"], /toolsift search needs a query/],
      [["search", "--tools", "a.json", "--limit", "51", "q"], /--limit takes a whole number from 1 to 50/],
      [["search", "--tools", "a.json", "--ranker", "tfidf", "q"], /--ranker takes bm25, embedding, hybrid/],
      [["serf"], /unknown command "serf"\. The commands are serve, inspect, search, enrich, eval, token/],
      [["serve", "-c", "x.json", "--no-auth"], /--no-auth only applies with --http/],
      [
        ["serve", "-c", "x.json", "--http", "0", "--host", "0.0.0.0", "--no-auth"],
        /--no-auth is refused with --host 0\.0\.0\.0/,
      ],
      [["serve", "-c", "x.json", "--http", "0", "--host", "10.0.0.1", "--no-auth"], /not a loopback address/],
      [["serve", "-c", "x.json", "--http", "0", "--host", "128.0.0.1", "--no-auth"], /not a loopback address/],
      [["token"], /toolsift token takes create <name>/],
      [["token", "make", "ci"], /toolsift token takes create <name>/],
      [["token", "create"], /toolsift token takes create <name>/],
      [["token", "create", "a", "b"], /unexpected argument "b"/],
      [["help", "serf"], /unknown command "serf"/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCli(args), args.join(" ")).toThrow(UsageError);
      expect(() => parseCli(args), args.join(" ")).toThrow(message);
    }
  });

  it("reads eval: a catalogue, an enrichment and/or a task file, a gate and the report's size", () => {
    expect(parseCli(["eval", "--tools", "t.json", "--enrichment", "e.json"])).toEqual({
      command: "eval",
      source: { kind: "tools", file: "t.json" },
      enrichment: "e.json",
      tasks: undefined,
      ranker: undefined,
      failUnder: undefined,
      json: false,
      limitTools: 20,
    });
    expect(
      parseCli([
        "eval",
        "-c",
        "m.json",
        "-e",
        "e.json",
        "--tasks",
        "t.jsonl",
        "--ranker",
        "hybrid",
        "--fail-under",
        "0.95",
        "--json",
        "--limit-tools",
        "5",
      ]),
    ).toEqual({
      command: "eval",
      source: { kind: "config", file: "m.json" },
      enrichment: "e.json",
      tasks: "t.jsonl",
      ranker: "hybrid",
      failUnder: 0.95,
      json: true,
      limitTools: 5,
    });
    for (const [given, share] of [
      ["0", 0],
      ["1", 1],
      [".5", 0.5],
      ["1.0", 1],
      ["0.955", 0.955],
    ] as const)
      expect(parseCli(["eval", "-t", "t.json", "--tasks", "t.jsonl", "--fail-under", given])).toMatchObject({
        failUnder: share,
      });
    const cases: [string[], RegExp][] = [
      [["eval", "--enrichment", "e.json"], /toolsift eval needs --config <file> \(MCP servers\) or --tools/],
      [
        ["eval", "-t", "t.json", "--fail-under", "95"],
        /--fail-under takes a share from 0 to 1 \(0\.95 for 95%\), not "95"/,
      ],
      [["eval", "-t", "t.json", "--fail-under", "1.5"], /--fail-under takes a share from 0 to 1/],
      [["eval", "-t", "t.json", "--fail-under=-0.1"], /--fail-under takes a share from 0 to 1/],
      [["eval", "-t", "t.json", "--fail-under", "95%"], /--fail-under takes a share from 0 to 1/],
      [["eval", "-t", "t.json", "--fail-under", "."], /--fail-under takes a share from 0 to 1/],
      [["eval", "-t", "t.json", "--fail-under", "0x1"], /--fail-under takes a share from 0 to 1/],
      [["eval", "-t", "t.json", "--limit-tools", "0"], /--limit-tools takes a whole number from 1 to 100000/],
      [["eval", "-t", "t.json", "--tasks", ""], /--tasks needs a file's path/],
      [["eval", "-t", "t.json", "--enrichment", ""], /--enrichment needs a file's path/],
      [["eval", "-t", "t.json", "--ranker", "tfidf"], /--ranker takes bm25, embedding, hybrid/],
      [["eval", "-t", "t.json", "extra"], /unexpected argument "extra"/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCli(args), args.join(" ")).toThrow(UsageError);
      expect(() => parseCli(args), args.join(" ")).toThrow(message);
    }
    expect(HELP.main).toContain("toolsift eval ");
    expect(HELP.eval).toContain("--fail-under <share>");
  });

  it("reads eval --agent --strategy changes for the Messages API, and refuses it for OpenAI", () => {
    const agent = ["eval", "--agent", "-t", "t.json", "--tasks", "t.jsonl", "--model", "m"];
    expect(parseCli([...agent, "--provider", "anthropic", "--strategy", "changes"])).toMatchObject({
      command: "eval-agent",
      strategy: "changes",
    });
    for (const provider of ["openai-chat", "openai-responses"])
      expect(() => parseCli([...agent, "--provider", provider, "--strategy", "changes"])).toThrow(
        /--strategy changes needs the Messages API's mid-conversation tool changes; use --provider anthropic/,
      );
    expect(HELP.eval).toContain("stubs, native, stable or changes");
  });

  it("reads --metrics-port, a port for the loopback metrics listener", () => {
    expect(parseCli(["serve", "-c", "m.json", "--metrics-port", "9464"])).toMatchObject({ metricsPort: 9464 });
    expect(parseCli(["serve", "-c", "m.json"])).toMatchObject({ metricsPort: undefined });
    expect(() => parseCli(["serve", "-c", "m.json", "--metrics-port", "70000"])).toThrow(
      /--metrics-port takes a whole number from 0 to 65535, not "70000"/,
    );
    expect(HELP.serve).toContain("--metrics-port <port>");
  });

  it("reads model build use-lite-onnx with its defaults and each option", () => {
    expect(parseCli(["model", "build", "use-lite-onnx"])).toEqual({
      command: "model",
      action: "build",
      name: "use-lite-onnx",
      out: undefined,
      dtype: "fp32",
      cacheDir: undefined,
      tarball: undefined,
    });
    expect(
      parseCli([
        "model",
        "build",
        "use-lite-onnx",
        "-o",
        "m/u",
        "--dtype",
        "q8",
        "--cache-dir",
        "c",
        "--tarball",
        "u.tgz",
      ]),
    ).toEqual({
      command: "model",
      action: "build",
      name: "use-lite-onnx",
      out: "m/u",
      dtype: "q8",
      cacheDir: "c",
      tarball: "u.tgz",
    });
    expect(parseCli(["model", "--help"])).toEqual({ command: "help", topic: "model" });
    expect(parseCli(["help", "model"])).toEqual({ command: "help", topic: "model" });
    expect(HELP.model).toMatch(/^toolsift model: /);
    for (const option of ["--out", "--dtype", "--cache-dir", "--tarball"]) expect(HELP.model).toContain(option);
    expect(HELP.main).toContain("toolsift model   build use-lite-onnx|glove");
  });

  it("reads model build glove, which takes every option but --dtype", () => {
    expect(parseCli(["model", "build", "glove", "-o", "m/g", "--cache-dir", "c", "--tarball", "g.tgz"])).toEqual({
      command: "model",
      action: "build",
      name: "glove",
      out: "m/g",
      dtype: "fp32",
      cacheDir: "c",
      tarball: "g.tgz",
    });
    expect(HELP.model).toContain("toolsift model build glove");
  });

  it("rejects a bad model command line with a UsageError that says what to do", () => {
    const cases: [string[], RegExp][] = [
      [["model"], /toolsift model takes build <name>, e\.g\. toolsift model build use-lite-onnx/],
      [["model", "make", "use-lite-onnx"], /toolsift model takes build <name>/],
      [["model", "build"], /toolsift model takes build <name>/],
      [["model", "build", "glove-300d"], /no model named "glove-300d"; it builds use-lite-onnx and glove/],
      [["model", "build", "glove", "--dtype", "q8"], /--dtype is for use-lite-onnx; the GloVe folder is int8 only/],
      [["model", "build", "use-lite-onnx", "x"], /unexpected argument "x"/],
      [["model", "build", "use-lite-onnx", "--dtype", "fp16"], /--dtype takes fp32 or q8, not "fp16"/],
      [["model", "build", "use-lite-onnx", "--out", ""], /--out needs a folder's path/],
      [["model", "build", "use-lite-onnx", "--tarball", " "], /--tarball needs a file's path/],
      [["model", "build", "use-lite-onnx", "--tarbal", "x"], /unknown option --tarbal\. Run toolsift model --help/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCli(args), args.join(" ")).toThrow(UsageError);
      expect(() => parseCli(args), args.join(" ")).toThrow(message);
    }
  });
});
