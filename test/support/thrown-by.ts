import { expect } from "vitest";

/**
 * Runs `run`, which must throw an instance of `type`, and returns that error so the test can
 * read its code, message and cause. Fails the test when `run` returns or throws something else.
 */
export function thrownBy<E extends Error>(run: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name} to be thrown, but the call returned`);
}
