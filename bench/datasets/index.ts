export { checkDataset, type DatasetReport, type ParaphraseOffence } from "./check-dataset.js";
export { formatReport } from "./format-report.js";
export { contentStems, nameWords, STOP_WORDS, textWords } from "./content-stems.js";
export { QUERY_KINDS, type Dataset, type DatasetQuery, type DatasetTool, type QueryKind } from "./dataset-format.js";
export { buildToolsiftServers, serialise, TOOLSIFT_SERVERS_PATH } from "./build-toolsift-servers.js";
