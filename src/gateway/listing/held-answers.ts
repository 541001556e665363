/** Why a held answer went: the client fetched its list, the wait ran out, or the call or connection ended. */
export type HoldEnd = "fetched" | "timed-out" | "ended";

/** A server transport's `send`, as far as the answers of one connection are concerned. */
interface Sending {
  send(message: never, options?: never): Promise<void>;
}

/**
 * How long a held answer waits after the list it waits for has been sent, for the client to take
 * that list in. By hand, Gemini CLI 0.61 needed 5 to 20 ms on a 2-core machine before the next
 * request it built carried the new list (at 1 ms it never did); Claude Code 2.1 needed none.
 */
const TAKE_IN_MS = 100;

/** Lists being answered that held answers wait for, at most: one a client cannot fetch in bulk. */
const MAX_LISTINGS = 64;

/**
 * The answers of one connection's calls that wait for the client to fetch its tool list: a call
 * that changed the list announces it on its own stream, and its answer goes out only once the
 * answer of the client's next `tools/list` has been sent (or the wait ran out), so the client
 * holds the new list before it reads the call's answer.
 */
export class HeldAnswers {
  private readonly waiting = new Set<(why: HoldEnd) => void>();
  /** Per `tools/list` request being answered, the answers held when it came. */
  private readonly listings = new Map<string | number, ((why: HoldEnd) => void)[]>();

  /**
   * Holds an answer until a list asked for after now has been sent and taken in ("fetched"),
   * `maxMs` passed ("timed-out"), or `signal` aborted or the connection ended ("ended").
   */
  hold(signal: AbortSignal, maxMs: number): Promise<HoldEnd> {
    if (signal.aborted) return Promise.resolve("ended");
    return new Promise((resolve) => {
      const release = (why: HoldEnd) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", ended);
        this.waiting.delete(release);
        resolve(why);
      };
      const ended = () => release("ended");
      const timer = setTimeout(() => release("timed-out"), maxMs);
      signal.addEventListener("abort", ended);
      this.waiting.add(release);
    });
  }

  /** The client asked for its list (request `id`): the answers held now go out after that list's answer. */
  listing(id: string | number): void {
    if (this.waiting.size === 0) return;
    if (this.listings.size >= MAX_LISTINGS) this.listings.clear();
    this.listings.set(id, [...this.waiting]);
  }

  /** Lets every held answer go (the connection ended). */
  releaseAll(): void {
    for (const release of [...this.waiting]) release("ended");
    this.listings.clear();
  }

  /** Releases the answers a list waits for once `transport` has sent that list's answer (before it is connected). */
  watch(transport: Sending): void {
    const send = transport.send.bind(transport) as (message: unknown, options?: unknown) => Promise<void>;
    transport.send = (async (message: unknown, options?: unknown) => {
      await send(message, options);
      const id = answerId(message);
      const held = id === undefined ? undefined : this.listings.get(id);
      if (held === undefined) return;
      this.listings.delete(id!);
      // Sent is not read: the client still has to take the list in before it reads the answer.
      setTimeout(() => {
        for (const release of held) release("fetched");
      }, TAKE_IN_MS);
    }) as never;
  }
}

/** The id of a JSON-RPC answer (a result or an error), or undefined for anything else. */
function answerId(message: unknown): string | number | undefined {
  if (typeof message !== "object" || message === null || !("id" in message)) return undefined;
  if (!("result" in message) && !("error" in message)) return undefined;
  const { id } = message as { id: unknown };
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}
