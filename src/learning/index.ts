export { blendLearned } from "./blend-learned.js";
export { DEFAULT_LESSON_CAPS, newestLessons, type LessonCaps } from "./lesson-caps.js";
export { LessonIndex, type LessonMatchOptions } from "./lesson-index.js";
export { DEFAULT_SCOPE, MAX_SCOPE_LENGTH, lessonKey, parseLesson, scopeProblem, type Lesson } from "./lesson.js";
