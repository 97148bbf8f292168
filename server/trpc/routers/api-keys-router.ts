import { createApiKeyInputSchema, revokeApiKeyInputSchema } from '../../api-keys/api-key.schema';
import { createApiKey } from '../../api-keys/create-api-key';
import { listApiKeys } from '../../api-keys/list-api-keys';
import { revokeApiKey } from '../../api-keys/revoke-api-key';
import { createTrpcRouter, sellerProcedure } from '../init';

/** The portal's API keys page: the seller's account keys (header `dub-apiKey`). */
export const apiKeysRouter = createTrpcRouter({
  list: sellerProcedure('apiKeys:read').query(({ ctx }) => listApiKeys(ctx, ctx.seller.id)),
  /** Answers the whole key this once; it is never readable again. */
  create: sellerProcedure('apiKeys:write')
    .input(createApiKeyInputSchema)
    .mutation(({ ctx, input }) => createApiKey(ctx, { ...input, sellerId: ctx.seller.id, createdById: ctx.session.accountId })),
  revoke: sellerProcedure('apiKeys:write')
    .input(revokeApiKeyInputSchema)
    .mutation(({ ctx, input }) => revokeApiKey(ctx, { sellerId: ctx.seller.id, id: input.id })),
});
