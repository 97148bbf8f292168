import net from 'node:net';

/**
 * A TCP relay on loopback to `host:port` that a test can hurt the way networks fail, without
 * touching the server behind it:
 * - `cut()`: every connection dropped and the port closed (a restart, a refused connection);
 *   `start()` opens it again on the same port.
 * - `stall()`: a blackhole. Connections stay open and new ones are accepted, but no byte moves in
 *   either direction (a partition, a hung host); `restore()` delivers what was held, as TCP's
 *   retransmission would once the path heals.
 */
export function tcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  let server: net.Server | undefined;
  let port = 0;
  let stalled = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  // Bytes from one side to the other, held back while stalled (in order).
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      const deliver = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (stalled || held.length > 0) held.push(deliver);
      else deliver();
    });
  };
  async function start() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      forward(client, upstream);
      forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  }
  async function cut() {
    stalled = false;
    held.length = 0;
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  function stall() {
    stalled = true;
  }
  function restore() {
    stalled = false;
    for (const deliver of held.splice(0)) deliver();
  }
  return { start, cut, stall, restore, port: () => port, connections: () => sockets.size / 2 };
}
