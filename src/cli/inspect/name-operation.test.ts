import { describe, expect, it } from "vitest";
import { differentOperations, nameOperation } from "./name-operation.js";

describe("nameOperation", () => {
  it("reads the first verb of a name as the change it makes, or as a read", () => {
    expect(nameOperation(["kv", "put"])).toBe("update");
    expect(nameOperation(["Add", "translation"])).toBe("create");
    expect(nameOperation(["wordpress", "get", "post"])).toBe("read");
    expect(nameOperation(["calculate", "roi"])).toBe("read");
    expect(nameOperation(["run", "pipeline"])).toBe("run");
    expect(nameOperation(["browser", "tabs"])).toBeUndefined();
  });
});

describe("differentOperations", () => {
  it("tells apart a read from a change, and two different changes, of one object", () => {
    expect(differentOperations(["kv", "get"], ["kv", "put"])).toBe(true);
    expect(differentOperations(["create", "pull", "request", "review"], ["get", "pull", "request", "reviews"])).toBe(
      true,
    );
    expect(differentOperations(["add", "translation"], ["delete", "translation"])).toBe(true);
    expect(differentOperations(["get", "latest", "pipeline", "status"], ["run", "pipeline"])).toBe(true);
  });

  it("does not tell apart two reads, two names of one change, or a name with no verb", () => {
    expect(differentOperations(["get", "molar", "mass"], ["calculate", "molar", "mass"])).toBe(false);
    expect(differentOperations(["list", "directory"], ["list", "directory", "with", "sizes"])).toBe(false);
    expect(differentOperations(["add", "item"], ["create", "item"])).toBe(false);
    expect(differentOperations(["browser", "close"], ["browser", "tabs"])).toBe(false);
  });
});
