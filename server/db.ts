import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/generated/prisma/client';
import { env } from './env';

export type Db = PrismaClient;

// One client per process: Next's bundle and the directly mounted runtime handlers share it.
const holder = globalThis as unknown as { __licensingDb?: PrismaClient };

export function db(): PrismaClient {
  holder.__licensingDb ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: env().DATABASE_URL, max: 10 }),
  });
  return holder.__licensingDb;
}
