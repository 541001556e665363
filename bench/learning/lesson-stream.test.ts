import { describe, expect, it } from "vitest";
import { lessonStream } from "./lesson-stream.js";

const taught = [
  { query: "first", expected: ["a"] },
  { query: "second", expected: ["b"] },
  { query: "third", expected: ["c"] },
];
const tools = ["a", "b", "c", "d"];

describe("lessonStream", () => {
  it("teaches every query once, in order, before drawing any again", () => {
    const stream = lessonStream(taught, tools, { count: 10, noise: 0, seed: 1 });
    expect(stream.slice(0, 3)).toEqual(taught);
    expect(stream).toHaveLength(10);
    for (const lesson of stream.slice(3)) expect(taught).toContainEqual(lesson);
  });

  it("stops at the count even when the set has more queries", () => {
    expect(lessonStream(taught, tools, { count: 2, noise: 0, seed: 1 })).toEqual(taught.slice(0, 2));
  });

  it("teaches a wrong tool for about the noise share of the lessons, never the expected one", () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ query: `q${i}`, expected: ["a"] }));
    const stream = lessonStream(many, tools, { count: 2000, noise: 0.1, seed: 5 });
    const wrong = stream.filter((lesson) => lesson.expected[0] !== "a");
    expect(wrong.length / stream.length).toBeGreaterThan(0.08);
    expect(wrong.length / stream.length).toBeLessThan(0.12);
    for (const lesson of wrong) expect(lesson.expected).toHaveLength(1);
    expect(stream.map((lesson) => lesson.query)).toEqual(many.map((query) => query.query));
  });

  it("is the same stream for the same seed", () => {
    const options = { count: 20, noise: 0.3, seed: 9 };
    expect(lessonStream(taught, tools, options)).toEqual(lessonStream(taught, tools, options));
  });

  it("is empty when nothing can be taught", () => {
    expect(lessonStream([], tools, { count: 5, noise: 0, seed: 1 })).toEqual([]);
  });
});
