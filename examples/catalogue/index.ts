import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { calendarTools } from "./calendar.js";
import { filesystemTools } from "./filesystem.js";
import { githubTools } from "./github.js";
import { gmailTools } from "./gmail.js";
import { jiraTools } from "./jira.js";
import { postgresTools } from "./postgres.js";
import { slackTools } from "./slack.js";
import { stripeTools } from "./stripe.js";

const byServer = {
  github: githubTools,
  slack: slackTools,
  jira: jiraTools,
  postgres: postgresTools,
  filesystem: filesystemTools,
  calendar: calendarTools,
  gmail: gmailTools,
  stripe: stripeTools,
};

/** The servers of the example catalogue, in catalogue order. */
export const exampleServers: string[] = Object.keys(byServer);

/**
 * A realistic catalogue of namespaced tools (`server__tool`) from eight MCP-style servers,
 * with full input schemas and `execute` functions that run offline on small in-memory fakes.
 * The fakes keep state for the life of the process, so a created issue can be fetched again.
 *
 * @example
 * ```ts
 * import { exampleCatalogue } from "./catalogue/index.js";
 * const toolSearch = await createToolSearch({ tools: exampleCatalogue });
 * ```
 */
export const exampleCatalogue: ToolDefinition[] = Object.values(byServer).flat();

export { calendarTools, filesystemTools, githubTools, gmailTools, jiraTools, postgresTools, slackTools, stripeTools };
