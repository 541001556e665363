// A zod user's run of the packed toolsift: zod is the user's own (an optional peer of toolsift),
// and a zod schema is converted, checked and parsed (refinements and transforms included).
import assert from "node:assert/strict";
import { z } from "zod";
import { createToolSearch, defineTool } from "toolsift";

const received = [];
const tool = defineTool({
  name: "billing__refund",
  description: "Refund part of a payment.",
  inputSchema: z.object({ amount: z.number().positive().max(500), note: z.string().transform((note) => note.trim()) }),
  execute: async (input) => (received.push(input), "refunded"),
});
const session = (await createToolSearch({ tools: [tool] })).session("zod");
const ok = await session.execute({
  type: "tool_use",
  id: "t1",
  name: "billing__refund",
  input: { amount: 20, note: "  late delivery " },
});
assert.equal(ok.content, "refunded");
assert.deepEqual(received, [{ amount: 20, note: "late delivery" }]);
const refused = await session.execute({
  type: "tool_use",
  id: "t2",
  name: "billing__refund",
  input: { amount: 900, note: "x" },
});
assert.equal(refused.is_error, true);
assert.equal(received.length, 1);
console.log(JSON.stringify({ module: "esm", zod: true }));
