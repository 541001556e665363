import { describe, expect, it } from "vitest";
import { DependencyError } from "../errors.js";
import { ownModule } from "./own-module.js";

describe("ownModule", () => {
  it("loads once and keeps the module", async () => {
    let loads = 0;
    const load = ownModule("the test option", async () => ({ loads: ++loads }));
    expect(await load()).toEqual({ loads: 1 });
    expect(await load()).toEqual({ loads: 1 });
  });

  it("turns a failed load into a DependencyError that says to reinstall, and tries again next time", async () => {
    const cause = new Error("Cannot find module '/app/node_modules/toolsift/dist/learning/index.js'");
    let fail = true;
    const load = ownModule("the learning and misses options", async () => {
      if (fail) throw cause;
      return "module";
    });
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DependencyError);
    expect(failure).toMatchObject({ code: "missing_dependency", packageName: "toolsift", cause });
    expect((failure as Error).message).toBe(
      "toolsift could not load its own module for the learning and misses options " +
        "(Cannot find module '/app/node_modules/toolsift/dist/learning/index.js'). " +
        "The installed toolsift is missing files or damaged: reinstall it (npm install toolsift).",
    );
    fail = false;
    expect(await load()).toBe("module");
  });
});
