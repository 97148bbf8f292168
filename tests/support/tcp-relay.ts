import net from 'node:net';

/**
 * A TCP relay on loopback to `host:port` that a test can cut (every connection dropped, the port
 * closed) and start again on the same port: a database or Redis going away and coming back, as a
 * network fault does, without touching the server itself.
 */
export function tcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  async function start() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  }
  async function cut() {
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  return { start, cut, port: () => port };
}
