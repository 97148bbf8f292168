import { z } from '@hono/zod-openapi';

export const licenseIdParams = z.object({ licenseId: z.string().min(1).max(100).openapi({ param: { name: 'licenseId', in: 'path' } }) });
