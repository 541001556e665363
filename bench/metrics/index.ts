export { compAt, recallAt, reciprocalRankAt, ndcgAt } from "./ranking-metrics.js";
export { percentile, mean } from "./percentile.js";
