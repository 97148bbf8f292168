import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';

export interface ServiceProcess {
  baseUrl: string;
  /** `fetch` over real HTTP, a path taken as relative to `baseUrl`. */
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
  pid: number;
  output: () => string;
  /** Sends SIGTERM and waits for the process to end. */
  stop: () => Promise<void>;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** A port free on 127.0.0.1 right now (the tests' servers and receivers take one). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the production entry (`scripts/start.mjs`, the same as `npm start`) as its own process on a
 * free port against the given database, and waits until it listens. The tests and the benchmark
 * then talk real HTTP to it. APP_SECRET is a fresh random one unless `env` names one.
 */
export async function startServiceProcess(options: { databaseUrl: string; env?: Record<string, string | undefined>; port?: number }): Promise<ServiceProcess> {
  if (options.port !== undefined) return startOnPort(options, options.port);
  // A known port up front, so PUBLIC_BASE_URL (the issuer of tokens, the links in e-mails) is exact.
  // Between freePort() and the child's listen another process may take it (two test files start
  // servers at once): then another free port, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(options, await freePort());
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(options: { databaseUrl: string; env?: Record<string, string | undefined> }, port: number): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: crypto.randomBytes(32).toString('base64url'),
      // TEST_REST_MOUNT=next runs a whole suite with the REST app behind Next's route files.
      REST_DIRECT_MOUNT: process.env.TEST_REST_MOUNT === 'next' ? 'false' : 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Each server counts its own limits unless a test shares a prefix on purpose (several instances).
      REDIS_KEY_PREFIX: `svc-${crypto.randomBytes(4).toString('hex')}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Service listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code} before listening:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    baseUrl,
    fetch: (input, init) => fetch(new URL(input, baseUrl), init),
    pid: child.pid!,
    exited,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
