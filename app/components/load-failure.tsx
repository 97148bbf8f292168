import { buttonSecondary } from './buttons';

/** A list that could not be read: what failed, why, and a button that reads it again. */
export function LoadFailure({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <span>
        Could not load {what}: {message}
      </span>
      <button type="button" onClick={retry} className={buttonSecondary}>
        Try again
      </button>
    </div>
  );
}
