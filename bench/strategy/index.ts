export { EXAMPLE_QUERIES } from "./example-queries.js";
export { estimateResultTokens } from "./estimate-json-tokens.js";
export {
  measureStrategies,
  summariseSessions,
  type MeasureStrategiesOptions,
  type StrategyCatalogue,
  type SummarisedSession,
} from "./measure-strategies.js";
export { measureOpenAINative } from "./measure-openai-native.js";
export { OPENAI_NATIVE, runOpenAINativeSession, visibleTokens } from "./openai-native-session.js";
export { oracleInputFor } from "./oracle-input.js";
export {
  runOracleSession,
  type OracleAction,
  type OracleOptions,
  type OracleSession,
  type OracleTurn,
} from "./oracle-session.js";
export { exampleStrategyCatalogue, strategyCatalogueOf, toolDefinitionsOf } from "./strategy-catalogues.js";
