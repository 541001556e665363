import { randomUUID } from "node:crypto";
import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { WebStandardHttpServerTransportClass } from "../gateway-sdk.js";
import type { WebTransport } from "./replica-transport.js";
import { SESSION_TRANSPORT_OPTIONS, type HostedTransport, type SessionHost } from "./session-host.js";

/** The SDK's transport as the listener uses it, with nothing in between but a count of GET streams. */
export class LocalTransport implements HostedTransport {
  streams = 0;

  constructor(readonly inner: WebTransport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get onclose(): (() => void) | undefined {
    return this.inner.onclose;
  }

  set onclose(listener: (() => void) | undefined) {
    this.inner.onclose = listener;
  }

  handleRequest(request: Request, parsedBody: unknown): Promise<Response> {
    return this.inner.handleRequest(request, { parsedBody });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * The sessions of a gateway with no session store: in this process's memory, served by the SDK's
 * transport as it is. Nothing of the replicas runs here: no store, no messages, no rewritten ids.
 */
export class LocalSessions implements SessionHost<LocalTransport> {
  readonly replica = undefined;

  constructor(private readonly Transport: WebStandardHttpServerTransportClass) {}

  create(_owner: string, opened: (id: string, transport: LocalTransport) => void): LocalTransport {
    const transport: LocalTransport = new LocalTransport(
      new this.Transport({
        ...SESSION_TRANSPORT_OPTIONS,
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => opened(id, transport),
      }),
    );
    return transport;
  }

  async connect(gateway: Gateway, transport: LocalTransport, caller: Caller): Promise<unknown> {
    return gateway.connect(transport.inner as never, { caller });
  }

  async lookup(): Promise<undefined> {
    return undefined;
  }

  async rebuild(): Promise<undefined> {
    return undefined;
  }

  async refresh(): Promise<boolean> {
    return true;
  }

  async ended(): Promise<void> {}

  sweep(): void {}

  async close(): Promise<void> {}
}
