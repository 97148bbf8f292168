// The contract: what a caller must send and how the wire names it, shared by the service and this
// library, so both refuse the same requests with the same rules.
//
// Why here: the library is its own npm package, built alone by `tsc -p sdk/tsconfig.json` and loaded
// without the service, so the rules cannot live in server/ (the library would carry the service).
// The service is the one that can reach across: it imports these files from source (bundled into its
// core like its own modules), and the library's users get them as `@licensing/sdk/contract`. Nothing
// here imports anything but zod and its own files (lint:deps keeps it so).
export * from './fields.js';
export * from './key-case.js';
export * from './purchase.js';
export * from './embedded-checkout.js';
export * from './management.js';
export * from './discounts.js';
export * from './plan-change.js';
export * from './runtime.js';
export * from './devices.js';
