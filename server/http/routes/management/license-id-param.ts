import { z } from '@hono/zod-openapi';
import { idSchema } from '../../../../sdk/src/contract/fields';

export const licenseIdParams = z.object({ licenseId: idSchema.meta({ param: { name: 'licenseId', in: 'path' } }) });
