import net from "node:net";

/**
 * A TCP proxy in front of a server (Redis), to take it away from under a client the way a network
 * does: `"refuse"` closes every connection and refuses new ones (the server is down), `"stall"`
 * keeps the connections but moves no byte until it passes again, as TCP holds them through a
 * partition (only the client's timeouts help meanwhile).
 */
export type TcpProxyMode = "pass" | "stall" | "refuse";

export interface TcpProxy {
  port: number;
  set(mode: TcpProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: TcpProxyMode = "pass";
  const open = new Set<net.Socket>();
  let server: net.Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on("close", () => open.delete(socket));
          socket.on("error", () => socket.destroy());
          if (mode === "stall") socket.pause();
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      // Port 0 the first time: the system picks a free one, which the proxy keeps when it reopens.
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    async set(next) {
      if (next === "refuse" && mode !== "refuse") await shut();
      if (next !== "refuse" && mode === "refuse") await listen(port);
      for (const socket of open) {
        if (next === "stall") socket.pause();
        else socket.resume();
      }
      mode = next;
    },
    close: () => (mode === "refuse" ? Promise.resolve() : shut()),
  };
}

/** A port nothing listens on: one the system just handed out and took back. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
