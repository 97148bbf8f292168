import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@/server/http/client-ip-header';
import { LOOPBACK_CLIENT_HEADER } from '@/server/mail/outbox-access';
import { nextCannotRoute, startMainServer, type RunningServer } from '@/server/main-server';

let running: RunningServer;
let base: string;

beforeAll(async () => {
  running = await startMainServer({
    port: 0,
    host: '127.0.0.1',
    mounts: [
      { prefixes: ['/licensing/runtime'], handler: async () => new Response('direct') },
      { prefixes: ['/echo-headers'], handler: async (request) => new Response(`${request.headers.get(LOOPBACK_CLIENT_HEADER)} ${request.headers.get(CLIENT_IP_HEADER)}`) },
      { prefixes: ['/purchase'], when: nextCannotRoute, handler: async () => new Response('rest-guard') },
    ],
    fallback: (req, res) => res.end(`next:${String(req.headers[LOOPBACK_CLIENT_HEADER])}`),
  });
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => {
  await running?.close();
});

describe('production entry server', () => {
  it('hands the runtime prefix straight to its fetch handler and the rest to Next', async () => {
    expect(await (await fetch(`${base}/licensing/runtime/GenerateLicenseAuthorization`)).text()).toBe('direct');
    expect(await (await fetch(`${base}/licensing/runtimeX`)).text()).toMatch(/^next:/);
    expect(await (await fetch(`${base}/marketplace/demo`)).text()).toMatch(/^next:/);
  });

  it('gives a REST path that cannot be decoded to the REST handler, not to Next', async () => {
    expect(await (await fetch(`${base}/purchase/demo/offerings/%E0%A4%A`)).text()).toBe('rest-guard');
    expect(await (await fetch(`${base}/purchase//offerings`)).text()).toBe('rest-guard');
    expect(await (await fetch(`${base}/purchase/demo/offerings`, { method: 'PROPFIND' })).text()).toBe('rest-guard');
    expect(await (await fetch(`${base}/purchase/demo/offerings`)).text()).toMatch(/^next:/);
  });

  it('the fetch handlers see the entry server\'s loopback and client address headers, never the client\'s own', async () => {
    const text = await (await fetch(`${base}/echo-headers`, { headers: { [LOOPBACK_CLIENT_HEADER]: '0', [CLIENT_IP_HEADER]: '6.6.6.6' } })).text();
    expect(text).toBe('1 127.0.0.1');
  });

  it('a double slash is still under the prefix, so only the mounted handler answers', async () => {
    expect(await (await fetch(`${base}//licensing/runtime/x`)).text()).toBe('direct');
  });

  it('replaces a client-sent loopback header with the truth about the connection', async () => {
    const text = await (await fetch(`${base}/dev/outbox`, { headers: { [LOOPBACK_CLIENT_HEADER]: 'spoofed' } })).text();
    expect(text).toBe('next:1');
  });
});

describe('draining', () => {
  // One keep-alive connection spoken over raw TCP, so the test sees exactly what the server sent and whether it reset.
  async function keepAliveClient(port: number) {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      socket.once('end', () => resolve('end'));
    });
    const answers = () => received.split('HTTP/1.1 ').slice(1);
    const send = () => socket.write('GET /licensing/runtime/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    return { socket, answers, send, ended };
  }
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('a request that reached an idle connection while the process was busy is answered with Connection: close, not reset', async () => {
    const server = await startMainServer({ port: 0, host: '127.0.0.1', mounts: [{ prefixes: ['/licensing/runtime'], handler: async () => new Response('direct') }], fallback: (_req, res) => res.end() });
    const client = await keepAliveClient(server.port);
    client.send();
    await until(() => client.answers().length === 1);
    // The next request is in the server's socket before this process pauses for longer than the idle limit.
    client.send();
    expect(client.socket.writableLength).toBe(0);
    const pauseUntil = performance.now() + 700;
    while (performance.now() < pauseUntil);
    const closed = server.close(5_000);

    expect(await client.ended).toBe('end');
    await closed;
    expect(client.answers()).toHaveLength(2);
    expect(client.answers()[1]).toMatch(/^200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*direct$/i);
  });

  it('a connection that stays idle is closed long before the deadline', async () => {
    const server = await startMainServer({ port: 0, host: '127.0.0.1', mounts: [{ prefixes: ['/licensing/runtime'], handler: async () => new Response('direct') }], fallback: (_req, res) => res.end() });
    const client = await keepAliveClient(server.port);
    client.send();
    await until(() => client.answers().length === 1);
    const started = performance.now();
    await server.close(10_000);

    expect(await client.ended).toBe('end');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
