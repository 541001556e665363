/** A TCP relay in front of a server, that a test can cut (an outage between a client and it) and mend. */
import { connect, createServer, type Socket } from "node:net";

export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** Every open connection is reset, and each new one too, until {@link TcpRelay.mend}. */
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

/**
 * Starts a relay on a free port of 127.0.0.1 to `targetPort` there.
 *
 * @param onRequestBytes - Sees what clients send, as it passes: to tell when a request has arrived.
 */
export async function startTcpRelay(
  targetHost: string,
  targetPort: number,
  onRequestBytes?: (chunk: Buffer) => void,
): Promise<TcpRelay> {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => undefined);
    }
    if (onRequestBytes) client.on("data", onRequestBytes);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    mend() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
