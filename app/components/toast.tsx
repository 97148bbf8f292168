'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

// A short confirmation after a save ("Offering saved."). One polite live region, always in the
// page so screen readers announce each new message; fixed to the bottom of the viewport so it
// never moves the content; it leaves by itself after a few seconds or by its Dismiss button.

const SHOWN_FOR_MS = 5000;

interface Toast {
  id: number;
  message: string;
}

type ShowToast = (message: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a toast; only inside a ToastProvider. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider around it.');
  return show;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const show = useCallback<ShowToast>((message) => setToast({ id: nextId.current++, message }), []);
  const value = useMemo(() => show, [show]);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), SHOWN_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6"
      >
        {toast && (
          <div
            key={toast.id}
            data-testid="toast"
            className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 shadow-lg"
          >
            <p className="min-w-0 flex-1 font-medium">{toast.message}</p>
            <button
              type="button"
              onClick={() => setToast(null)}
              className="-my-1 rounded px-2 py-1 text-emerald-900 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              Dismiss
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
