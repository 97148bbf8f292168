// The rules of the house (README "Design notes"), checked in CI by `npm run lint:deps`.
const TRANSPORTS = ['^server/http/', '^server/trpc/', '^server/mcp/', '^server/cli/', '(^|/)node_modules/next/', '(^|/)node_modules/next-auth/', '(^|/)node_modules/@trpc/server/', '(^|/)node_modules/hono/'];
// Rooms that are not domains: the faces (REST, tRPC, MCP, the operator's command line, each with its
// own public entry), the platform and the composition root. The core's entries (server/entry/) are
// held to the domain's rule: a face is reached through its own entry, never through the domain's.
const NOT_DOMAIN = '^server/(http|trpc|mcp|cli|platform|dist)/|^server/(start-service|start-core|main-server)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two rooms one; break it by moving what both need into the one they both may import.',
      from: { path: '^(server|app|scripts)/' },
      // Type-only edges count too: a cycle through a type is still two rooms that know each other.
      to: { circular: true },
    },
    {
      name: 'domain-knows-no-transport',
      severity: 'error',
      comment: 'Domain rooms never import http/, trpc/, next or a web framework: a rule has one home, every face calls it.',
      from: { path: '^server/', pathNot: NOT_DOMAIN },
      to: { path: TRANSPORTS },
    },
    {
      name: 'faces-share-through-the-core',
      severity: 'error',
      comment:
        'A face never reaches into another: what REST, tRPC, MCP and the command line share (the wire forms, the ApiError body, error normalisation, limits) lives in the core (wire/, platform/). The REST app only mounts MCP at /mcp.',
      from: { path: '^server/(http|trpc|mcp|cli)/' },
      to: { path: '^server/(http|trpc|mcp|cli)/', pathNot: ['^server/$1/', '^server/mcp/mcp-server\\.ts$'] },
    },
    {
      name: 'only-payments-knows-stripe',
      severity: 'error',
      comment: 'server/payments/ is the payment port: the only room that imports the Stripe SDK (or its types); every other room asks it.',
      from: { path: '^server/', pathNot: '^server/(payments|dist)/' },
      to: { path: '(^|/)node_modules/stripe/' },
    },
    {
      name: 'payments-imports-no-domain',
      severity: 'error',
      comment:
        'server/payments/ is the payment port and its adapters (stripe/, local/): it imports no domain room. Domain rooms call its verbs and consume the ProcessorEvents it translates (orders/processor-events/).',
      from: { path: '^server/payments/' },
      to: { path: '^server/', pathNot: '^server/(payments/|platform/|crypto/|db\\.ts$|env\\.ts$|errors\\.ts$)' },
    },
    {
      name: 'domain-asks-the-port-not-an-adapter',
      severity: 'error',
      comment:
        'A domain room asks the port (payments/port.ts, select-processor.ts, the call and report queues), never an adapter, so no rule branches on which processor sold something. The adapters\' own faces are the exceptions: the local processor\'s hosted page (checkout/local-checkout/), the operator\'s report of its events (orders/processor-events/local-order-events.ts) and Stripe Connect onboarding (sellers/payment-setup.ts).',
      from: { path: '^server/', pathNot: [NOT_DOMAIN, '^server/payments/', '^server/checkout/local-checkout/', '^server/orders/processor-events/local-order-events\\.ts$', '^server/sellers/payment-setup\\.ts$'] },
      to: { path: '^server/payments/(stripe|local)/' },
    },
    {
      name: 'platform-imports-no-domain',
      severity: 'error',
      comment: 'platform/ (database, configuration, limits, jobs, invalidation, logging, metrics, health) and crypto/ import no domain: domains register with them (their jobs, invalidation topics and sealed values).',
      from: { path: '^server/(platform|crypto)/' },
      to: { path: '^server/', pathNot: '^server/(platform/|crypto/|db\\.ts$|env\\.ts$|errors\\.ts$)' },
    },
    {
      name: 'app-uses-public-entries',
      severity: 'error',
      comment: 'Pages reach the core only through its public entries: @licensing/core, @licensing/core/rest and @licensing/core/trpc (app/core.ts, types), server/entry/shared.ts (stateless values for any bundle) and server/entry/formats.ts (what every page\'s formatting needs, without the schemas).',
      from: { path: '^(app/|proxy\\.ts$)' },
      to: { path: '^server/', pathNot: '^server/entry/(app|shared|formats)\\.ts$|^server/(http|trpc)/entry\\.ts$' },
    },
    {
      name: 'pages-ask-the-router',
      severity: 'error',
      comment:
        'One door for the pages: server components, layouts, server actions and the portal\'s route files ask the tRPC router through app/trpc-server.ts (a server-side caller), client components through the React client. Only app/core.ts loads the core\'s entries at run time (one module copy per process); anything else in app/ takes nothing but types from them, and nothing in app/ touches Prisma or the database.',
      from: { path: '^app/', pathNot: '^app/core\\.ts$' },
      to: {
        path: ['^server/entry/app\\.ts$', '^server/(http|trpc)/entry\\.ts$', '^server/db\\.ts$', '^generated/', '(^|/)node_modules/@prisma/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'page-kit-holds-no-service',
      severity: 'error',
      comment:
        'server/entry/app.ts, the pages\' kit, exports stateless rules, constants and types only: a service (anything that reaches the database, the configuration or the platform) is a procedure of the router instead (tests/unit/page-kit.test.ts checks the exports).',
      from: { path: '^server/entry/app\\.ts$' },
      to: { path: ['^server/(db|env)\\.ts$', '^server/platform/', '^generated/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment:
        'sdk/src/contract holds the request shapes and field rules the service and the client library share: it imports zod and its own files only, never the service or the rest of the library (it ships inside @licensing/sdk).',
      from: { path: '^sdk/src/contract/' },
      to: { pathNot: ['^sdk/src/contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'core-takes-only-the-contract-from-the-sdk',
      severity: 'error',
      comment: 'The service shares the contract with its client library (sdk/src/contract) and nothing else of it: the library is a client, never part of the core.',
      from: { path: '^server/' },
      to: { path: '^sdk/', pathNot: '^sdk/src/contract/' },
    },
    {
      name: 'core-never-imports-app',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(app|scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(server/dist|generated|\\.next)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['types', 'import', 'require', 'node', 'default'] },
    combinedDependencies: false,
  },
};
