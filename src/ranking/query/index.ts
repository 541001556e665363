export { ExactNames } from "./exact-names.js";
export { namedFirst, QueryPlan, type QueryHandling } from "./query-plan.js";
