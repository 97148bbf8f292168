import { z } from 'zod';
import { env } from '../../env';
import { DomainError } from '../../errors';
import { listOutbox } from '../../mail/list-outbox';
import { createTrpcRouter, publicProcedure } from '../init';

/**
 * The operator's dev outbox (live sign-in codes and claim links): only where DEV_OUTBOX lets this
 * request read it (server/mail/outbox-access.ts, decided from the request by the context).
 */
export const devOutboxRouter = createTrpcRouter({
  /** Whether this request may read the outbox, and whether e-mails go out over SMTP. */
  access: publicProcedure.query(({ ctx }) => ({ readable: ctx.outboxReadable === true, delivers: Boolean(env().SMTP_URL) })),
  list: publicProcedure.input(z.object({ limit: z.number().int().min(1).max(200) })).query(({ ctx, input }) => {
    if (!ctx.outboxReadable) throw new DomainError('NotFound', 'Not found.');
    return listOutbox(ctx, input);
  }),
});
