// The CommonJS flavour of the typed consumer: `require` of the ESM package (Node 20.19+,
// TypeScript 5.8+ with module nodenext).
import toolsift = require("toolsift");

export async function firstMatch(query: string): Promise<string | undefined> {
  const toolSearch = await toolsift.createToolSearch({
    tools: [
      { name: "gmail__send_email", description: "Send an email.", inputSchema: { type: "object", properties: {} } },
    ],
  });
  return (await toolSearch.search(query))[0]?.name;
}
