import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import net, { type AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { DomainError } from './errors';
import { apiErrorBody } from './wire/api-error-body';
import { CLIENT_IP_HEADER } from './http/client-ip-header';
import { LOOPBACK_CLIENT_HEADER } from './mail/outbox-access';
import { clientIpOf } from './platform/limits/client-ip';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

export interface MainServerOptions {
  port: number;
  host: string;
  /** Fetch handlers mounted ahead of `fallback`, by path prefix (`except`: exact paths left to the fallback). */
  mounts: {
    prefixes: readonly string[];
    except?: readonly string[];
    when?: (pathname: string, method: string) => boolean;
    handler: (request: Request) => Promise<Response>;
    /** The answer to a method the Fetch API cannot carry (CONNECT, TRACE, TRACK), which never reaches `handler`. */
    refuseMethod?: (method: string, pathname: string, headers: http.IncomingHttpHeaders) => Response;
  }[];
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY); 0: the socket address is the client. */
  trustProxy?: number;
  /** Everything else (Next's request handler). */
  fallback: NodeHandler;
}

export interface RunningServer {
  server: http.Server;
  port: number;
  /**
   * Stops accepting, lets in-flight requests finish (up to `graceMs`) and answers them with
   * `Connection: close`, closes keep-alive connections once idle, then cuts what is left.
   */
  close: (graceMs?: number) => Promise<void>;
}

// A keep-alive connection idle this long while draining is closed: its client is not about to reuse
// it. One in use gets its next answer with `Connection: close` instead, so no client ever sends a
// request on a connection the server is closing (which it would see as a reset).
const DRAIN_IDLE_CLOSE_MS = 500;
// ...and only once it has looked idle at this many checks in a row. The event loop reads every socket
// between two checks, so a request that reached a socket while this process was busy (a long pause, a
// loaded machine) starts before its connection is judged idle; wall time alone would close it unread.
const DRAIN_IDLE_CHECKS = 3;
const DRAIN_CHECK_EVERY_MS = 100;

interface ConnectionUse {
  requests: number;
  idleSince: number;
  idleChecks: number;
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
    except: new Set(mount.except ?? []),
    when: mount.when ?? (() => true),
    refuseMethod: mount.refuseMethod,
    // The adapter's light Request/Response become the globals: a response made from a string is
    // written straight to the socket instead of being read back through a web stream (about a sixth
    // of the runtime paths' CPU). They extend Node's own classes and turn into them on first use
    // of anything else, so Next, in this process too, is served by them unchanged.
    listener: getRequestListener(mount.handler, { overrideGlobalObjects: true }),
  }));

  let draining = false;
  const connections = new Map<Duplex, ConnectionUse>();
  const server = http.createServer((req, res) => {
    const use = connections.get(req.socket);
    if (use) {
      use.requests += 1;
      use.idleChecks = 0;
      res.once('close', () => {
        use.requests -= 1;
        use.idleSince = performance.now();
      });
    }
    if (draining) res.setHeader('Connection', 'close');
    const forwardedFor = req.headers['x-forwarded-for'];
    const trusted = trustedHeadersOf(req.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor, options.trustProxy ?? 0);
    for (const [name, value] of trusted) setTrustedHeader(req, name, value);
    const pathname = (req.url ?? '/').split('?')[0]!;
    // `//purchase/x` is still under /purchase: only the REST app answers there (with a 404).
    const routingPath = pathname.replace(/\/{2,}/g, '/');
    const mount = mounts.find((candidate) => candidate.prefixes.some((prefix) => underPrefix(routingPath, prefix)) && !candidate.except.has(routingPath));
    if (mount?.when(pathname, req.method ?? 'GET')) {
      if (mount.refuseMethod && FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) return void writeResponse(res, mount.refuseMethod(req.method!, pathname, req.headers));
      return void mount.listener(req, res);
    }
    return void options.fallback(req, res);
  });
  server.on('connection', (socket: Duplex) => {
    connections.set(socket, { requests: 0, idleSince: performance.now(), idleChecks: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerUnreadableRequest);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const closeIdle = () => {
    const now = performance.now();
    for (const [socket, use] of connections) {
      use.idleChecks = use.requests === 0 ? use.idleChecks + 1 : 0;
      if (use.idleChecks >= DRAIN_IDLE_CHECKS && now - use.idleSince >= DRAIN_IDLE_CLOSE_MS) socket.end();
    }
  };
  return {
    server,
    port,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        draining = true;
        // net.Server's close, not http.Server's: the latter also closes every connection idle at this
        // instant, and under load that includes ones whose client is sending its next request now.
        net.Server.prototype.close.call(server, () => resolve());
        // Connections in use close after their answer (Connection: close); idle ones once surely idle;
        // stragglers are cut at the deadline.
        closeIdle();
        const idle = setInterval(closeIdle, DRAIN_CHECK_EVERY_MS);
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        server.once('close', () => {
          clearInterval(idle);
          clearTimeout(deadline);
        });
      }),
  };
}

/**
 * The headers the entry server sets on every request from the truth about its connection (loopback
 * or not, the client's address behind `trustProxy` proxies); whatever a client sent under these
 * names is replaced.
 */
export function trustedHeadersOf(remoteAddress: string | undefined, forwardedFor: string | undefined, trustProxy: number): Array<[name: string, value: string]> {
  return [
    [LOOPBACK_CLIENT_HEADER, isLoopback(remoteAddress) ? '1' : '0'],
    [CLIENT_IP_HEADER, clientIpOf(remoteAddress, forwardedFor, trustProxy)],
  ];
}

/**
 * Replaces a header in both views Node keeps (Next reads `headers`, the fetch adapter `rawHeaders`),
 * dropping every value the client sent under that name.
 */
function setTrustedHeader(req: http.IncomingMessage, name: string, value: string): void {
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== name) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push(name, value);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  req.headers[name] = value;
}

/**
 * A request Node's HTTP parser cannot read (an unknown method such as TRACK, a malformed request
 * line or header) never reaches a handler; it still gets an ApiError with a correlation id.
 */
function answerUnreadableRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const correlationId = crypto.randomUUID();
  const [status, reason, refusal] =
    error.code === 'HPE_INVALID_METHOD'
      ? [405, 'Method Not Allowed', new DomainError('MethodNotAllowed', 'This method is not supported.')]
      : [400, 'Bad Request', new DomainError('InvalidPayload', 'The request could not be read.')];
  const body = apiErrorBody(refusal, correlationId);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Correlation-Id: ${correlationId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

// Methods a fetch Request cannot be made with (Fetch standard "forbidden methods").
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

// The methods a Next route file can export; Next answers any other itself.
const NEXT_ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * What Next would answer itself rather than hand to a route file: a path it cannot decode (its
 * plain-text 500), a path with an empty segment (its redirect), a method no route file can export.
 * With the REST app behind Next's route files, the entry server gives these to the app directly.
 */
export function nextCannotRoute(pathname: string, method: string): boolean {
  if (!NEXT_ROUTE_METHODS.has(method) || pathname.includes('//')) return true;
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
