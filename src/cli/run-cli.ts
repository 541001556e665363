import { packageFile } from "../util/package-file.js";
import { readFileSync } from "node:fs";
import { DependencyError, OptionsError, errorText } from "../errors.js";
import { logLineIo, processIo, redactingIo, type CliIo } from "./cli-io.js";
import { enrichCommand } from "./enrich-command.js";
import { evalCommand } from "./eval-command.js";
import { evalAgentCommand } from "./eval-agent/eval-agent-command.js";
import { HELP } from "./help.js";
import { inspectCommand } from "./inspect-command.js";
import { missesCommand } from "./misses/misses-command.js";
import { modelCommand } from "./model-command.js";
import { parseCli } from "./parse-cli.js";
import { pinCommand } from "./pin-command.js";
import { searchCommand } from "./search-command.js";
import { serveCommand } from "./serve-command.js";
import { tokenCommand } from "./token-command.js";

/** The MCP SDK v2 packages serve, search and the rest load: the server side for clients, the client side for upstream. */
const MCP_PACKAGES = ["@modelcontextprotocol/server", "@modelcontextprotocol/client"];

/**
 * Runs one command line and returns the exit code: 0 done, 1 failed (or `--fail-on` or `--fail-under` reached),
 * 2 bad usage or a bad config file. Errors are printed, never thrown.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(["inspect", "--tools", "tools.json", "--json"]);
 * ```
 */
export async function runCli(argv: readonly string[], sink: CliIo = processIo): Promise<number> {
  // Every sink, the errors caught below included, redacts what a config's ${NAME} brought in;
  // serve's stderr is a log, one event a line, down to the error it ends with.
  const io = redactingIo(argv[0] === "serve" ? logLineIo(sink) : sink);
  try {
    const command = parseCli(argv);
    switch (command.command) {
      case "help":
        io.out(HELP[command.topic]);
        return 0;
      case "version":
        io.out(`${packageVersion()}\n`);
        return 0;
      case "serve":
        return await serveCommand(command, io);
      case "inspect":
        return await inspectCommand(command, io);
      case "search":
        return await searchCommand(command, io);
      case "enrich":
        return await enrichCommand(command, io);
      case "eval":
        return await evalCommand(command, io);
      case "eval-agent":
        return await evalAgentCommand(command, io);
      case "token":
        return tokenCommand(command, io);
      case "pin":
        return await pinCommand(command, io);
      case "misses":
        return await missesCommand(command, io);
      case "model":
        return modelCommand(command, io);
    }
  } catch (error) {
    io.err(messageOf(error, argv[0]));
    // Usage and config problems (OptionsError, ConfigError included) are the user's to fix before anything ran.
    return error instanceof OptionsError ? 2 : 1;
  }
}

function messageOf(error: unknown, command: string | undefined): string {
  if (error instanceof DependencyError && MCP_PACKAGES.includes(error.packageName)) {
    const missing = error.packageName;
    return (
      `toolsift ${command ?? ""} talks to MCP servers through the optional package ${missing}, which ` +
      `${/not installed/.test(error.message) ? "is not installed" : `did not load (${error.message})`}. ` +
      `Install it next to toolsift (npm install ${missing}), or run them with npx: ` +
      `npx -y -p toolsift ${MCP_PACKAGES.map((name) => `-p ${name}`).join(" ")} toolsift ${command ?? "serve"} …`
    );
  }
  return errorText(error);
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}
