import type { McpLogMessage } from "../../public/mcp.js";

/** Sends one log message on a request's own response stream, or drops it if the request did not ask for its level. */
export type RequestLogSend = (level: McpLogMessage["level"], data: unknown, logger: string) => Promise<void>;

/**
 * Where the upstream log messages go during one stateless (2026-07-28) `tools/call`: that
 * request's response stream, the only place the protocol lets a log message go in that era (no
 * session, no `logging/setLevel`: the request names its level in `_meta`, and `send` keeps to it).
 * Only the messages of the server the call runs on are the request's; the others are not about it.
 * The per-server rate bound is UpstreamLogs', which decides before any request hears; once the
 * call is answered its connection is gone, and nothing reaches this.
 */
export class RequestLogs {
  constructor(
    /** The upstream server the call runs on. */
    private readonly server: string,
    private readonly send: RequestLogSend,
  ) {}

  /** A message of `server`, already labelled with it (`logger`), on its way to every client that may see it. */
  deliver(server: string, message: McpLogMessage & { logger: string }): void {
    if (server !== this.server) return;
    this.send(message.level, message.data, message.logger).catch(() => {
      // The client is gone; the message was only news.
    });
  }
}
