import { hashToken, newToken, TOKEN_NAME_PATTERN } from "../gateway/index.js";
import type { CliIo } from "./cli-io.js";
import { UsageError, type CliCommand } from "./parse-cli.js";

/**
 * `toolsift token create <name>`: prints a new random token (the only time it is shown: toolsift
 * keeps no copy) and the `auth.tokens` entry that holds its SHA-256, for the config file. The
 * token is the first line of stdout, so `toolsift token create ci | head -1` hands it on alone.
 */
export function tokenCommand(command: Extract<CliCommand, { command: "token" }>, io: CliIo): number {
  if (!TOKEN_NAME_PATTERN.test(command.name))
    throw new UsageError(
      `toolsift token create: the name ${JSON.stringify(command.name)} cannot be used: 1 to 64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit (it is the caller's id in policies and the audit log).`,
    );
  const token = newToken();
  io.out(`${token}\n${JSON.stringify({ name: command.name, sha256: hashToken(token) })}\n`);
  io.err(
    `toolsift token create: the first line is the token for "${command.name}": give it to that client (it is shown only now). ` +
      'The second line is its entry for "auth": {"tokens": [...]} in the toolsift block of the config file.',
  );
  return 0;
}
