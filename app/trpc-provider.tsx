'use client';

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/entry';

const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
export { useTRPC };

const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';
// Long enough to read the sentence, short enough not to wait for it.
const SESSION_ENDED_REDIRECT_MS = 1500;
const MAX_RETRIES = 3;

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

// A 4xx answer says something about the request or the person, and asking again changes neither;
// retrying one only keeps a spinner turning for seconds.
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

// Counts the mounted signed-in areas (the portal): only there does a 401 mean a session that ended.
// Elsewhere (a storefront's Buy button) a 401 means "not signed in yet" and the caller handles it.
const SignedInAreaContext = createContext<{ enter: () => () => void } | null>(null);

/** Marks its children as pages of a signed-in person: a 401 from any call there ends in the sign-in page. */
export function SignedInArea({ children }: { children: ReactNode }) {
  const area = useContext(SignedInAreaContext);
  useEffect(() => area?.enter(), [area]);
  return <>{children}</>;
}

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [sessionEnded, setSessionEnded] = useState(false);
  const [{ area, queryClient }] = useState(() => {
    // Changed by the areas as they mount and unmount, read by the caches when a call fails: never drawn.
    let signedInAreas = 0;
    const area = {
      enter: () => {
        signedInAreas += 1;
        return () => {
          signedInAreas -= 1;
        };
      },
    };
    const onError = (error: unknown) => {
      if (httpStatusOf(error) === 401 && signedInAreas > 0) setSessionEnded(true);
    };
    const queryClient = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry } },
    });
    return { area, queryClient };
  });
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })] }),
  );

  useEffect(() => {
    if (!sessionEnded) return;
    const callbackUrl = `${window.location.pathname}${window.location.search}`;
    const timer = window.setTimeout(
      // A whole new document, not the router: nothing the ended session fetched stays in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose (see above)
      () => window.location.assign(`/login?${new URLSearchParams({ callbackUrl })}`),
      SESSION_ENDED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [sessionEnded]);

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SignedInAreaContext.Provider value={area}>
          {sessionEnded && (
            <div role="alert" data-testid="session-ended" className="fixed inset-x-0 top-0 z-50 border-b border-amber-300 bg-amber-50 px-4 py-3 text-center font-medium text-amber-900 shadow">
              {SESSION_ENDED_MESSAGE} Taking you to the sign-in page…
            </div>
          )}
          {children}
        </SignedInAreaContext.Provider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
