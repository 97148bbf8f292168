import fs from 'node:fs';
import pg from 'pg';
import { startServiceProcess } from './service-process';
import { applyMigrations } from '../server/platform/database/migrate';
const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
await admin.connect(); await admin.query('drop database if exists memprobe with (force)'); await admin.query('create database memprobe'); await admin.end();
const url = 'postgresql://postgres@127.0.0.1:5432/memprobe';
await applyMigrations(url);
const server = await startServiceProcess({ databaseUrl: url, env: { SEED_DEMO: 'true', LOG_LEVEL: 'warn' } });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
const summary = (label: string) => {
  const smaps = fs.readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n');
  const groups = new Map<string, number>(); let name = '';
  for (const line of smaps) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) { name = head[1] || '[anon]'; continue; }
    const m = /^Rss:\s+(\d+) kB/.exec(line); if (m) groups.set(name, (groups.get(name) ?? 0) + Number(m[1]));
  }
  console.log(`== ${label}: RSS ${rss().toFixed(0)} MB`);
  for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${(v / 1024).toFixed(1)} MB ${k}`);
};
await new Promise((r) => setTimeout(r, 3000));
summary('after start');
for (let round = 0; round < 3; round++) for (const page of ['/', '/marketplace', '/marketplace/demo', '/login', '/docs', '/purchase/demo/offerings', '/api/trpc/catalog.storefront?input=%7B%22json%22%3A%7B%22issuerClientId%22%3A%22demo%22%7D%7D']) await (await fetch(server.baseUrl + page)).arrayBuffer();
summary('after pages');
const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
console.log(metrics.split('\n').filter((l) => /^nodejs_heap_space_size_used_bytes|^nodejs_heap_size|^nodejs_external/.test(l)).join('\n'));
await new Promise((r) => setTimeout(r, Number(process.env.IDLE ?? 20) * 1000));
summary('after idle');
await server.stop();
