'use client';

export default function LicensesError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-5">
      <h1 className="text-lg font-semibold text-red-800">Your licenses could not be loaded.</h1>
      <p className="text-sm text-red-700">Please try again in a moment.</p>
      <button
        type="button"
        onClick={reset}
        className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Try again
      </button>
    </div>
  );
}
