import { spawnSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// tests/support/loopback-only.mjs keeps test traffic on this machine. Its checks never need a packet
// to leave: the refusal is shown with a host whose lookup is injected to point at a local server, so
// a broken guard shows up as a connection to that server, not as traffic anywhere else. The guard
// is not imported here: what is checked is that the test setup put it in place.
const GUARDED = Symbol.for('licensing.tests.loopbackOnly');
const guarded = (fn: unknown) => (fn as Record<symbol, unknown>)[GUARDED] === true;
describe('test traffic stays on this machine', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('every test worker runs with the guard, and so does every process it starts', () => {
    expect([guarded(Object.getOwnPropertyDescriptor(net.Socket.prototype, 'connect')?.value), guarded(dns.lookup), guarded(dns.promises.lookup)]).toEqual([true, true, true]);
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', "import net from 'node:net'; import dns from 'node:dns'; const g = Symbol.for('licensing.tests.loopbackOnly'); console.log(net.Socket.prototype.connect[g] === true && dns.lookup[g] === true && dns.promises.lookup[g] === true)"], { encoding: 'utf8' });
    expect(child.stdout.trim(), child.stderr).toBe('true');
  });

  it('a connection to a host off this machine is refused before its name is looked up', async () => {
    const looked: string[] = [];
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      looked.push(hostname);
      if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    };
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const socket = net.connect({ host: 'hooks.example.com', port, lookup });
      socket.once('error', resolve);
      socket.once('connect', () => resolve(Object.assign(new Error('connected'), { code: 'CONNECTED' })));
    });
    expect(error.code).toBe('ETESTOFFMACHINE');
    expect(looked).toEqual([]);
    expect(connections).toBe(0);
  });

  it('a connection to loopback goes through', async () => {
    await new Promise<void>((resolve, reject) => net.connect({ host: '127.0.0.1', port }).once('connect', resolve).once('error', reject));
    await new Promise<void>((resolve, reject) => net.connect({ host: 'localhost', port, family: 4 }).once('connect', resolve).once('error', reject));
    expect(connections).toBeGreaterThanOrEqual(1);
  });

  it("only loopback and this machine's own addresses may be connected to, and only localhost and addresses looked up", async () => {
    const { isThisMachine, mayLookUp } = await import('../support/loopback-only.mjs');
    const own = Object.values(os.networkInterfaces()).flat().flatMap((entry) => (entry ? [entry.address] : []));
    for (const host of [undefined, '', 'localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', '0.0.0.0', ...own]) expect(isThisMachine(host), String(host)).toBe(true);
    const elsewhere = ['hooks.example.com', '93.184.216.34', '10.0.0.7', '192.168.1.1', '169.254.169.254', '2001:db8::1', 'localhost.example.com', 'db.internal'].filter((host) => !own.includes(host));
    for (const host of elsewhere) expect(isThisMachine(host), host).toBe(false);
    for (const name of ['localhost', '127.0.0.1', '::1', '93.184.216.34']) expect(mayLookUp(name), name).toBe(true);
    for (const name of ['hooks.example.com', 'smtp.example.com', 'registry.npmjs.org']) expect(mayLookUp(name), name).toBe(false);
  });
});
