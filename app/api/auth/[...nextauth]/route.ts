import NextAuth from 'next-auth';
import { portalAuthOptions } from '@/server/portal/auth-options';

export const dynamic = 'force-dynamic';

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
const handler: Handler = (request, context) => (NextAuth(portalAuthOptions()) as unknown as Handler)(request, context);

export { handler as GET, handler as POST };
