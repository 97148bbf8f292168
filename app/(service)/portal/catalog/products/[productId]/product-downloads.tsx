'use client';

import { useActionState, useState } from 'react';
import { saveProductDownload } from './download-actions';
import type { SettingsFormState } from '../../../form-action';

const INITIAL: SettingsFormState = { saved: null, error: null, fieldErrors: {} };
const input = 'mt-1 w-full min-w-0 rounded-md border border-slate-300 px-3 py-2 text-sm';

/** Download links per platform, shown to buyers whose license of the product runs. */
export function ProductDownloads(props: { productId: string; downloads: { id: string; platform: string; url: string }[]; max: number; mayWrite: boolean }) {
  const [state, action, pending] = useActionState(saveProductDownload, INITIAL);
  // Held here, not by the form: a refused link keeps what was typed (a form action resets its fields), an added one clears.
  const [platform, setPlatform] = useState('');
  const [url, setUrl] = useState('');
  const [answered, setAnswered] = useState(state);
  if (state !== answered) {
    setAnswered(state);
    if (state.saved === 'Download link added.') {
      setPlatform('');
      setUrl('');
    }
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Buyers whose license of this product runs (active or in its trial) see these links on their license page, the page after paying, and the e-mail
        that delivers the license. Nobody else sees them. The service hosts no files: enter where each one is downloaded from.
      </p>
      {props.downloads.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Download links">
          {props.downloads.map((download) => (
            <li key={download.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="download-row">
              <span className="min-w-0">
                <span className="font-medium">{download.platform}</span> · <span className="text-slate-600 [overflow-wrap:anywhere]">{download.url}</span>
              </span>
              {props.mayWrite && (
                <form action={action}>
                  <input type="hidden" name="productId" value={props.productId} />
                  <button type="submit" name="remove" value={download.id} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100" disabled={pending}>
                    Remove<span className="sr-only"> the {download.platform} link</span>
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.mayWrite && props.downloads.length < props.max && (
        <form action={action} className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <input type="hidden" name="productId" value={props.productId} />
          <label className="block text-sm font-medium">
            Platform
            <input
              name="platform"
              required
              maxLength={60}
              list="download-platforms"
              placeholder="Windows"
              value={platform}
              onChange={(event) => setPlatform(event.target.value)}
              className={input}
              aria-invalid={state.fieldErrors.Platform ? true : undefined}
            />
          </label>
          <datalist id="download-platforms">
            {['Windows', 'macOS', 'Linux', 'iOS', 'Android', 'Web'].map((platform) => (
              <option key={platform} value={platform} />
            ))}
          </datalist>
          <label className="block text-sm font-medium">
            Download address (https://)
            <input
              name="url"
              type="url"
              required
              maxLength={2048}
              placeholder="https://downloads.example.com/app.exe"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              className={input}
              aria-invalid={state.fieldErrors.Url ? true : undefined}
            />
          </label>
          <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60" disabled={pending}>
            {pending ? 'Adding…' : 'Add link'}
          </button>
        </form>
      )}
      <div aria-live="polite" className="space-y-1 text-sm">
        {Object.entries(state.fieldErrors).map(([field, message]) => (
          <p key={field} role="alert" className="text-red-700">
            {message}
          </p>
        ))}
        {state.saved && <p className="text-emerald-800">{state.saved}</p>}
        {state.error && Object.keys(state.fieldErrors).length === 0 && <p className="text-red-700">{state.error}</p>}
      </div>
    </div>
  );
}
