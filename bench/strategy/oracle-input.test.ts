import { describe, expect, it } from "vitest";
import { oracleInputFor } from "./oracle-input.js";

describe("oracleInputFor", () => {
  it("fills each required field with a placeholder of its type and leaves optional ones out", () => {
    const schema = {
      type: "object",
      properties: {
        repo: { type: "string" },
        state: { type: "string", enum: ["open", "closed"] },
        page: { type: "integer", minimum: 1 },
        limit: { type: "number" },
        draft: { type: "boolean" },
        labels: { type: "array", items: { type: "string" } },
        target: {
          type: "object",
          properties: { id: { type: "string" }, kind: { const: "user" } },
          required: ["id", "kind"],
        },
        order: { type: "string", default: "desc" },
        note: { type: ["null", "string"] },
        optional: { type: "string" },
      },
      required: ["repo", "state", "page", "limit", "draft", "labels", "target", "order", "note", "untyped"],
    };
    expect(oracleInputFor(schema)).toEqual({
      repo: "example",
      state: "open",
      page: 1,
      limit: 1,
      draft: true,
      labels: [],
      target: { id: "example", kind: "user" },
      order: "desc",
      note: null,
      untyped: "example",
    });
  });

  it("gives {} when nothing is required or there is no usable schema", () => {
    expect(oracleInputFor({ type: "object", properties: { a: { type: "string" } } })).toEqual({});
    expect(oracleInputFor(undefined)).toEqual({});
    expect(oracleInputFor({ type: "object", required: "a" })).toEqual({});
  });
});
