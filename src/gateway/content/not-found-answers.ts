/** MCP's "resource not found" as the 2025 revisions define it, which 2025-era clients are answered with. */
export const RESOURCE_NOT_FOUND = -32002;
/** What SDK v2's 2025-era codec sends in its place: the 2026-07-28 revision's code ("invalid params"). */
const SENT_AS = -32602;
/** Marks kept at most: a refusal whose answer never left (its request was cancelled) must not pile up. */
const MAX_MARKED = 1_000;

/** A server transport's `send`, as far as the answers of one connection are concerned. */
interface Sending {
  send(message: never, options?: never): Promise<void>;
}

/**
 * The `resources/read` requests of one 2025-era connection refused as "resource not found", until
 * their answer leaves. SDK v2 answers -32002 with -32602 on every revision, so the gateway marks
 * the requests it refused so and puts MCP's 2025 code back on their answers as they are sent: a
 * 2025-era client gets the code it always got. Nothing else is touched: another -32602 (a bad
 * URI template, say) keeps its code.
 */
export class NotFoundAnswers {
  private readonly ids = new Set<string | number>();

  /**
   * Answers request `id` with `answer`: if it throws a "resource not found" (the gateway's own, or
   * an upstream server's passed on), the answer that leaves gets the 2025 code.
   */
  async answering<T>(id: string | number, answer: () => Promise<T>): Promise<T> {
    try {
      return await answer();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === RESOURCE_NOT_FOUND) this.mark(id);
      throw error;
    }
  }

  private mark(id: string | number): void {
    if (this.ids.size >= MAX_MARKED) this.ids.clear();
    this.ids.add(id);
  }

  /** Puts the 2025 code back on each marked answer `transport` sends (before it is connected). */
  restoreOn(transport: Sending): void {
    const send = transport.send.bind(transport) as (message: unknown, options?: unknown) => Promise<void>;
    transport.send = ((message: unknown, options?: unknown) => send(this.restored(message), options)) as never;
  }

  private restored(message: unknown): unknown {
    if (typeof message !== "object" || message === null || !("error" in message) || !("id" in message)) return message;
    const { id, error } = message as { id: unknown; error: unknown };
    if ((typeof id !== "string" && typeof id !== "number") || !this.ids.delete(id)) return message;
    if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== SENT_AS) return message;
    return { ...message, error: { ...error, code: RESOURCE_NOT_FOUND } };
  }
}
