export { ExactNames } from "./exact-names.js";
export { DEFAULT_PART_WEIGHT, mergeParts, PART_DEPTH } from "./merge-parts.js";
export { namedFirst, QueryPlan, type QueryHandling } from "./query-plan.js";
export {
  MAX_REQUEST_PARTS,
  REQUEST_SPLITTING,
  REQUEST_VERBS,
  type RequestSplitting,
  splitRequests,
} from "./request-parts.js";
export { familyOf, ToolFamilies } from "./tool-families.js";
export {
  addSibling,
  GATHERED,
  gatherFamilies,
  keepPlaces,
  REPRESENTED_BY,
  RUNNERS_UP,
  wholeAnswer,
  type WholeAnswerRules,
} from "./whole-answer.js";
