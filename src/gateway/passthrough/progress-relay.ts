import type { McpCallProgress } from "../../public/mcp.js";

/** Bounds on the progress passed to a client: past them, notifications are dropped, never queued. */
export const PROGRESS_LIMITS = {
  /** At most one progress notification per call per this many milliseconds (ten a second). */
  everyMs: 100,
} as const;

/** A `notifications/progress` as the gateway's MCP `Server` sends it. */
export interface ProgressNotification {
  method: "notifications/progress";
  // Open, as the SDK's notification params are: a notification may carry fields of later revisions.
  params: McpCallProgress & { progressToken: string | number } & Record<string, unknown>;
}

/**
 * Passes an upstream server's progress on one `tools/call` to the client that asked for it,
 * under the client's own `progressToken` (the upstream one is toolsift's). A server may send
 * progress as fast as it likes: at most one goes out per {@link PROGRESS_LIMITS.everyMs}, and
 * of those that arrive in between only the latest is held, to go out when the time comes (so the
 * last step is not lost), the rest dropped. Progress that does not increase is dropped, as the
 * spec requires it to increase.
 */
export class ProgressRelay {
  private sentAt = Number.NEGATIVE_INFINITY;
  private latest = Number.NEGATIVE_INFINITY;
  private held: McpCallProgress | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly token: string | number,
    private readonly send: (notification: ProgressNotification) => Promise<void>,
  ) {}

  relay(progress: McpCallProgress): void {
    if (this.closed || progress.progress <= this.latest) return;
    this.latest = progress.progress;
    const wait = this.sentAt + PROGRESS_LIMITS.everyMs - performance.now();
    if (wait <= 0 && this.timer === undefined) {
      this.emit(progress);
      return;
    }
    this.held = progress;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const held = this.held;
      this.held = undefined;
      if (held) this.emit(held);
    }, wait);
    this.timer.unref();
  }

  /**
   * The call is about to be answered: the progress held goes out now, before the answer (one
   * notification, so the client sees the last step), and what arrives later is dropped.
   */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    this.held = undefined;
    if (held) this.emit(held);
  }

  private emit(progress: McpCallProgress): void {
    this.sentAt = performance.now();
    this.send({ method: "notifications/progress", params: { ...progress, progressToken: this.token } }).catch(() => {
      // The client is gone; its call's answer goes nowhere either.
    });
  }
}
