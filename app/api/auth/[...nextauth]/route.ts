import NextAuth from 'next-auth';
import { portalAuthOptions } from '@/app/portal-session';

export const dynamic = 'force-dynamic';

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
const handler: Handler = (request, context) => (NextAuth(portalAuthOptions()) as unknown as Handler)(request, context);

export { handler as GET, handler as POST };
