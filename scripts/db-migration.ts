// Writes the next migration as SQL, produced by Prisma's schema engine (WebAssembly build),
// because the native engine that Prisma's migrate command needs cannot be downloaded here.
//   npm run db:migration -- <name>     writes prisma/migrations/<timestamp>_<name>/
//   npm run db:migration -- --check    exits 1 when schema.prisma differs from the last migration
// Each migration folder keeps the schema it was made from, so the next diff is schema-to-schema.
import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { SchemaEngine } from '@prisma/schema-engine-wasm';
import { resolveDatabase } from '../server/platform/database/local-database';
import { MIGRATIONS_DIR } from '../server/platform/database/migrate';

const SCHEMA_PATH = path.resolve('prisma/schema.prisma');

function lastMigrationSchema(): string | null {
  if (!fs.existsSync(MIGRATIONS_DIR)) return null;
  const names = fs.readdirSync(MIGRATIONS_DIR).filter((name) => fs.existsSync(path.join(MIGRATIONS_DIR, name, 'schema.prisma'))).sort();
  const last = names.at(-1);
  return last ? fs.readFileSync(path.join(MIGRATIONS_DIR, last, 'schema.prisma'), 'utf8') : null;
}

async function diffSchemas(databaseUrl: string, from: string | null, to: string): Promise<string> {
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl }));
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', to]] }, () => {}, adapter);
  const result = await engine.diff({
    from: from === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: from }] },
    to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: to }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  return result.stdout ?? '';
}

function isEmptyDiff(sql: string): boolean {
  return sql.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'));
}

function timestamp(now = new Date()): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: npm run db:migration -- <name>   |   npm run db:migration -- --check');
    process.exit(2);
  }
  const database = await resolveDatabase();
  try {
    const current = fs.readFileSync(SCHEMA_PATH, 'utf8');
    const sql = await diffSchemas(database.databaseUrl, lastMigrationSchema(), current);
    if (arg === '--check') {
      if (isEmptyDiff(sql)) {
        console.log('Migrations cover prisma/schema.prisma.');
        return;
      }
      console.error('prisma/schema.prisma has changes that no migration covers:\n' + sql);
      process.exitCode = 1;
      return;
    }
    if (!/^[a-z0-9_]+$/.test(arg)) throw new Error('The migration name may hold only a-z, 0-9 and _.');
    if (isEmptyDiff(sql)) {
      console.log('No changes: no migration written.');
      return;
    }
    const dir = path.join(MIGRATIONS_DIR, `${timestamp()}_${arg}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
    fs.writeFileSync(path.join(dir, 'schema.prisma'), current);
    console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
