// The wire shapes of the operations the clients call, from the generated OpenAPI types.
import type { operations } from './generated/openapi.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type WireAuthorization = Json<operations['generateLicenseAuthorization']['responses'][200]>;
export type WireUsageBatch = Json<operations['ingestUsage']['requestBody']>;
export type WireUsageAnswer = Json<operations['ingestUsage']['responses'][200]>;
