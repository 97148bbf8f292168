import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger };

export interface LogContext {
  correlationId: string;
}

const SERVICE_NAME = 'licensing-service';
const LEVELS: readonly (Level | 'silent')[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Keys whose values never reach a log line, wherever they sit (headers, bodies, error objects).
 * `code` covers license codes, one-time sign-in codes and authorization codes; the price is that an
 * error's own `code` (SQLSTATE, ECONNREFUSED) is redacted too.
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'dub-apikey',
  'set-cookie',
  'password',
  'secret',
  'token',
  'code',
  'apiKey',
  'refresh_token',
  'access_token',
  'continuation_token',
  'EncodedCredential',
] as const;

// pino's wildcard matches exactly one level, so the paths are spelled out for each depth down to
// this one (`token`, `*.token`, `*.*.token`, ...): deep enough for `err.response.headers.cookie`.
const REDACT_MAX_DEPTH = 4;

const REDACT_PATHS: readonly string[] = Array.from({ length: REDACT_MAX_DEPTH + 1 }, (_, depth) => depth).flatMap((depth) =>
  SECRET_KEYS.map((key) => {
    const leaf = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const parents = Array.from({ length: depth }, () => '*').join('.');
    if (!parents) return leaf;
    return leaf.startsWith('[') ? `${parents}${leaf}` : `${parents}.${leaf}`;
  }),
);

const holder: { __licensingLogger?: Logger } = {};
const logContext = new AsyncLocalStorage<LogContext>();

function levelFromEnvironment(): Level | 'silent' {
  // Read directly (not through env()) so that importing the logger never needs the whole configuration.
  const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return (LEVELS as readonly string[]).includes(configured) ? (configured as Level | 'silent') : 'info';
}

/**
 * A JSON-lines logger. Without a destination it writes to stdout synchronously (no transport, no
 * worker thread: the module is also bundled by Next). Tests pass a stream to read the lines.
 */
/**
 * An error as a log line needs: libraries hang whole clients and requests on their errors (pg-boss
 * puts the pg client there), which must not be written out. The cause chain is kept.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, detail, severity } = error as Error & { code?: unknown; detail?: unknown; severity?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { errorCode: code } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(typeof severity === 'string' ? { severity } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: levelFromEnvironment(),
      base: { service: SERVICE_NAME, pid: process.pid, hostname: os.hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACT_PATHS], censor: '[redacted]' },
      serializers: { err: serializeError },
      mixin() {
        const context = logContext.getStore();
        return context ? { correlationId: context.correlationId } : {};
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

holder.__licensingLogger ??= createLogger();

/** The process-wide logger. Log errors as `logger.error({ err }, 'what failed')`. */
export const logger: Logger = holder.__licensingLogger;

/** Runs `fn` with `correlationId` added to every line logged inside it, across awaits. */
export function runWithLogContext<T>(context: LogContext, fn: () => T): T {
  return logContext.run({ correlationId: context.correlationId }, fn);
}

/** The context of the current request, if any (for code that must pass the id on, e.g. to a job). */
export function currentLogContext(): LogContext | undefined {
  return logContext.getStore();
}
