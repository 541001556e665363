export { EXAMPLE_QUERIES } from "./example-queries.js";
export { estimateResultTokens } from "./estimate-json-tokens.js";
export {
  measureStrategies,
  summariseSessions,
  type MeasureStrategiesOptions,
  type StrategyCatalogue,
} from "./measure-strategies.js";
export { oracleInputFor } from "./oracle-input.js";
export { runOracleSession, type OracleAction, type OracleSession, type OracleTurn } from "./oracle-session.js";
export { exampleStrategyCatalogue, strategyCatalogueOf, toolDefinitionsOf } from "./strategy-catalogues.js";
