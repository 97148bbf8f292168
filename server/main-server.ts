import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { LOOPBACK_CLIENT_HEADER } from './mail/outbox-access';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

export interface MainServerOptions {
  port: number;
  host: string;
  /** Fetch handlers mounted ahead of `fallback`, by path prefix. */
  mounts: { prefixes: readonly string[]; when?: (pathname: string) => boolean; handler: (request: Request) => Promise<Response> }[];
  /** Everything else (Next's request handler). */
  fallback: NodeHandler;
}

export interface RunningServer {
  server: http.Server;
  port: number;
  close: () => Promise<void>;
}

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The production entry's HTTP server (DESIGN.md "Speed of the runtime paths"): the runtime paths
 * go straight to their fetch handlers on node:http; the rest goes to Next.
 */
export async function startMainServer(options: MainServerOptions): Promise<RunningServer> {
  const mounts = options.mounts.map((mount) => ({
    prefixes: mount.prefixes,
    when: mount.when ?? (() => true),
    // Next runs in this process too, so the global Request/Response stay Node's own.
    listener: getRequestListener(mount.handler, { overrideGlobalObjects: false }),
  }));

  const server = http.createServer((req, res) => {
    // Whatever a client sends in this header is replaced by the truth about its connection.
    req.headers[LOOPBACK_CLIENT_HEADER] = isLoopback(req.socket.remoteAddress) ? '1' : '0';
    const pathname = (req.url ?? '/').split('?')[0]!;
    const mount = mounts.find((candidate) => candidate.prefixes.some((prefix) => underPrefix(pathname, prefix)) && candidate.when(pathname));
    if (mount) return void mount.listener(req, res);
    return void options.fallback(req, res);
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** True when a path cannot be percent-decoded (Next answers such paths with a plain-text 500). */
export function isUndecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
}
