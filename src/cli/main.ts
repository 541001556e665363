#!/usr/bin/env node
// The `toolsift` command (package.json "bin").
import { runCli } from "./run-cli.js";

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// Everything is closed by now; if some handle still holds the event loop (a server that ignores
// its signals, a socket), leave anyway rather than hang the shell or the MCP client.
setTimeout(() => process.exit(code), 3_000).unref();
