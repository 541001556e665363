import { describe, expect, it } from "vitest";
import { LessonIndex } from "./lesson-index.js";
import { IMPORTED, teacherOf } from "./lesson.js";

const CAPS = { maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 };
const AT = Date.UTC(2026, 0, 1);

/** An index where each session used the tools given for it (one lesson each). */
function indexOf(
  sessions: Record<string, readonly string[]>,
  by: (session: string) => string = teacherOf,
): LessonIndex {
  const index = new LessonIndex(CAPS);
  for (const [session, tools] of Object.entries(sessions)) {
    for (const tool of tools) index.add({ tool, query: `${session} wants ${tool}`, at: AT, by: by(session) });
  }
  return index;
}

describe("LessonIndex.usedWith", () => {
  it("offers a tool two sessions used with another, most sessions first", () => {
    const index = indexOf({
      s1: ["crm__add_note", "crm__find_contact", "crm__log_call"],
      s2: ["crm__add_note", "crm__find_contact", "crm__log_call"],
      s3: ["crm__add_note", "crm__find_contact"],
    });
    expect(index.usedWith("crm__add_note", 2)).toEqual(["crm__find_contact", "crm__log_call"]);
  });

  it("never lets one session plant a companion, even with corroboration turned off", () => {
    const index = indexOf({ attacker: ["crm__add_note", "mail__send_everything"] });
    expect(index.usedWith("crm__add_note", 1)).toEqual([]);
    expect(index.usedWith("mail__send_everything", 1)).toEqual([]);
  });

  it("asks for minSessions sessions when that is more than two", () => {
    const index = indexOf({ s1: ["a", "b"], s2: ["a", "b"] });
    expect(index.usedWith("a", 3)).toEqual([]);
    expect(indexOf({ s1: ["a", "b"], s2: ["a", "b"], s3: ["a", "b"] }).usedWith("a", 3)).toEqual(["b"]);
  });

  it("leaves out a tool used with it by fewer than half of its sessions", () => {
    const index = indexOf({ s1: ["a", "b"], s2: ["a", "b"], s3: ["a"], s4: ["a"], s5: ["a"] });
    expect(index.usedWith("a", 2)).toEqual([]);
  });

  it("counts no imported lesson and no lesson without a session", () => {
    expect(indexOf({ s1: ["a", "b"], s2: ["a", "b"] }, () => IMPORTED).usedWith("a", 2)).toEqual([]);
    const unknown = new LessonIndex(CAPS);
    for (const tool of ["a", "b"]) for (const n of [1, 2]) unknown.add({ tool, query: `old ${n} ${tool}`, at: AT });
    expect(unknown.usedWith("a", 2)).toEqual([]);
  });
});
