// The CommonJS side of the package smoke test: `require("toolsift")` on Node 20.19+.
const assert = require("node:assert/strict");

const started = performance.now();
const toolsift = require("toolsift");
const requireMs = performance.now() - started;

async function main() {
  const tools = [
    {
      name: "jira__create_issue",
      description: "Create a Jira issue in a project.",
      inputSchema: { type: "object", properties: {} },
    },
    {
      name: "gmail__send_email",
      description: "Send an email to one or more recipients.",
      inputSchema: { type: "object", properties: {} },
    },
  ];
  const toolSearch = await toolsift.createToolSearch({ tools });
  assert.equal((await toolSearch.search("send an email"))[0]?.name, "gmail__send_email");
  // Every subpath face requires too.
  for (const [face, name] of [
    ["toolsift/agent", "runAgent"],
    ["toolsift/mcp", "fromMcp"],
    ["toolsift/learning", "MemoryUsageStore"],
    ["toolsift/gateway", "Gateway"],
    ["toolsift/ai", "aiSdkTools"],
    ["toolsift/testing", "startMessagesApiServer"],
  ]) {
    const loaded = require(face);
    if (name !== undefined) assert.equal(typeof loaded[name], "function", `${face} exports ${name}`);
  }
  console.log(JSON.stringify({ module: "cjs", requireMs: Math.round(requireMs) }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
