import type { KnipConfig } from 'knip';

// Dead code in CI (`npm run lint:dead`): files nothing reaches, exports and types nobody imports,
// dependencies nothing uses, across the three workspaces. Next's, Vitest's and Prisma's own entries
// (app/ by Next's conventions, proxy.ts, next.config.mjs, vitest.config.ts, the global setup and
// reporter it names, prisma.config.ts) come from knip's plugins for them.
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.{ts,mjs}', 'examples/**/*.mjs', 'prisma/seed.ts', 'tests/**/*.test.ts'],
      project: ['app/**/*.{ts,tsx,css}', 'emails/**/*.tsx', 'prisma/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', 'examples/**/*.mjs', '*.{ts,mjs}'],
      ignoreDependencies: [
        // Imported by the Prisma client that `prisma generate` writes to generated/ (ignored by git).
        '@prisma/client',
        // Files served or injected by path from node_modules: Swagger UI's bundle on /docs
        // (server/http/routes/operations/api-reference.ts), axe-core's script in the browser tests, Redocly's CLI
        // run by scripts/lint-openapi.ts.
        'swagger-ui-dist',
        'axe-core',
        '@redocly/cli',
      ],
    },
    server: {
      // Beside the entries in package.json's exports (the core's one build, scripts/build.ts): the
      // API reference page's script, which the page serves from the source tree.
      entry: ['http/routes/operations/api-reference/*.js'],
      project: ['**/*.{ts,tsx,js}', '!dist/**'],
    },
    sdk: {
      project: ['src/**/*.ts', '!src/generated/**'],
    },
  },
  // Tailwind is imported from CSS (app/globals.css: `@import "tailwindcss"`).
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
};

export default config;
