import { TRPCError } from '@trpc/server';
import { idSchema } from '../../../sdk/src/contract/fields';
import { z } from 'zod';
import { endOtherBrowserSession, endOtherBrowserSessions, listBrowserSessions } from '../../identity/browser-sessions';
import { createTrpcRouter, protectedProcedure } from '../init';

/** A signed-in person whose session came from a cookie (an in-process context has no session row to list). */
const cookieSessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  const { sessionId } = ctx.session;
  if (!sessionId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
  return next({ ctx: { ...ctx, sessionId } });
});

/** "Your sessions": the signed-in person's own portal sessions, and signing the others out. */
export const sessionsRouter = createTrpcRouter({
  list: cookieSessionProcedure.query(({ ctx }) => listBrowserSessions(ctx, { accountId: ctx.session.accountId, currentSessionId: ctx.sessionId })),
  end: cookieSessionProcedure
    .input(z.object({ sessionId: idSchema }))
    .mutation(({ ctx, input }) => endOtherBrowserSession(ctx, { accountId: ctx.session.accountId, currentSessionId: ctx.sessionId, sessionId: input.sessionId })),
  endOthers: cookieSessionProcedure.mutation(({ ctx }) => endOtherBrowserSessions(ctx, { accountId: ctx.session.accountId, currentSessionId: ctx.sessionId })),
});
