// Test traffic stays on this machine. Loaded into every test worker (vitest.config.ts setupFiles),
// which also puts it into NODE_OPTIONS, so every process a test starts (the service, the CLI, an
// example app) loads it too. A connection to anything but loopback or this machine's own interface
// addresses (a test reaching the service as a client on another address would) is refused before
// its name is looked up or a packet sent, and so is a name lookup of anything but `localhost`: a
// webhook to a made-up public host, an SMTP host, a library's update check all fail closed here,
// and say so on stderr. Plain JavaScript: the service's processes run without a TypeScript loader.
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import os from 'node:os';

const GUARDED = Symbol.for('licensing.tests.loopbackOnly');

/** This machine's own interface addresses: a connection to one never leaves it. */
const OWN_ADDRESSES = new Set(
  Object.values(os.networkInterfaces())
    .flat()
    .filter(Boolean)
    .map((entry) => entry.address.toLowerCase()),
);

/** Whether a connection to `host` stays on this machine (no host: Node's default, localhost). */
export function isThisMachine(host) {
  if (host === undefined || host === null || host === '') return true;
  const name = String(host).replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || OWN_ADDRESSES.has(name)) return true;
  if (net.isIPv4(name)) return name.startsWith('127.') || name === '0.0.0.0';
  if (net.isIPv6(name)) return name === '::1' || name === '::' || /^::ffff:(127\.|0\.0\.0\.0$)/.test(name);
  return false;
}

/** Whether a name may be looked up: addresses (no query is made for them) and localhost. */
export function mayLookUp(hostname) {
  const name = String(hostname ?? '').replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || net.isIP(name) !== 0;
}

function refusal(what) {
  const error = new Error(`Test traffic must stay on this machine: ${what} was refused (tests/support/loopback-only.mjs).`);
  error.code = 'ETESTOFFMACHINE';
  process.stderr.write(`[loopback-only] ${error.message}\n`);
  return error;
}

/** The host a Socket#connect call names, whatever its form (normalised array, options, or port and host); null for a local socket path. */
function hostOf(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') return first.path ? null : first.host;
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null; // a path (IPC)
  return typeof args[1] === 'string' ? args[1] : undefined;
}

function installLoopbackOnly() {
  if (net.Socket.prototype.connect[GUARDED]) return;
  const connect = net.Socket.prototype.connect;
  const guardedConnect = function (...args) {
    const host = hostOf(args);
    if (host !== null && !isThisMachine(host)) {
      const error = refusal(`a connection to ${host}`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  };
  guardedConnect[GUARDED] = true;
  net.Socket.prototype.connect = guardedConnect;

  const lookup = dns.lookup;
  const guardedLookup = function (hostname, options, callback) {
    if (mayLookUp(hostname)) return lookup.call(this, hostname, options, callback);
    const done = typeof options === 'function' ? options : callback;
    const error = refusal(`a lookup of ${hostname}`);
    process.nextTick(() => done(error));
    return {};
  };
  guardedLookup[GUARDED] = true;
  dns.lookup = guardedLookup;
  const lookupAsync = dns.promises.lookup;
  const guardedLookupAsync = async function (hostname, options) {
    if (mayLookUp(hostname)) return lookupAsync.call(this, hostname, options);
    throw refusal(`a lookup of ${hostname}`);
  };
  guardedLookupAsync[GUARDED] = true;
  dns.promises.lookup = guardedLookupAsync;
  syncBuiltinESMExports();

  // Every process started from here on loads this file first.
  const own = `--import=${import.meta.url}`;
  if (!(process.env.NODE_OPTIONS ?? '').includes(own)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${own}`.trim();
}

installLoopbackOnly();
