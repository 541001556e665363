import { OptionsError } from "../../errors.js";

/**
 * A gateway config file that cannot be used: unreadable, not JSON, or a field with a wrong value.
 * The message starts with the file and the field (`mcp.json: mcpServers.github.args must be …`),
 * so a user can go straight to the line to fix.
 */
export class ConfigError extends OptionsError {
  constructor(
    /** The config file, as the user named it. */
    readonly file: string,
    /** Where in the file, as a dotted path (`mcpServers.github.args`); empty for the file as a whole. */
    readonly field: string,
    problem: string,
  ) {
    super("invalid_config", `${file}: ${field === "" ? "" : `${field} `}${problem}`);
  }
}
