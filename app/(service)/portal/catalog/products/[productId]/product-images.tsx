'use client';

import { useActionState } from 'react';
import { saveProductImage } from './image-actions';
import type { SettingsFormState } from '../../../form-action';

const INITIAL: SettingsFormState = { saved: null, error: null, fieldErrors: {} };
const primary = 'rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60';
const secondary = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** The product's pictures on its offerings' pages: each with its description and Remove, and an upload while there is room. */
export function ProductImages(props: { productId: string; images: { id: string; src: string; width: number; height: number; alt: string }[]; max: number; maxMb: number; mayWrite: boolean }) {
  const [state, action, pending] = useActionState(saveProductImage, INITIAL);
  const room = props.images.length < props.max;
  return (
    <div className="space-y-4">
      {props.images.length === 0 ? (
        <p className="text-sm text-slate-600">No images yet. Buyers see them on each offering&apos;s page, the first one largest.</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images of this product">
          {props.images.map((image, index) => (
            <li key={image.id} className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="product-image">
              {/* eslint-disable-next-line @next/next/no-img-element -- the seller's own image, served by us at its size */}
              <img src={image.src} alt={image.alt} width={image.width} height={image.height} className="aspect-[4/3] h-auto w-full rounded bg-slate-100 object-contain" />
              <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                {index === 0 ? 'First · ' : ''}
                {image.alt || 'No description'}
              </p>
              {props.mayWrite && (
                <form action={action}>
                  <input type="hidden" name="productId" value={props.productId} />
                  <button type="submit" name="remove" value={image.id} className={secondary} disabled={pending}>
                    Remove<span className="sr-only"> image {index + 1}</span>
                  </button>
                </form>
              )}
            </li>
          ))}
        </ol>
      )}
      {props.mayWrite &&
        (room ? (
          <form action={action} className="space-y-3">
            <input type="hidden" name="productId" value={props.productId} />
            <label className="block text-sm font-medium">
              Image file
              <input name="image" type="file" accept="image/png,image/jpeg,image/webp" required aria-describedby="image-hint" className="mt-1 block w-full min-w-0 text-sm" />
            </label>
            <p id="image-hint" className="text-xs text-slate-600">
              PNG, JPEG or WebP, at most {props.maxMb} MB; up to {props.max} per product. Stored resized (at most 1600 × 1200) as WebP, without the photo&apos;s metadata.
            </p>
            {state.fieldErrors.Image && (
              <p role="alert" className="text-sm text-red-700">
                {state.fieldErrors.Image}
              </p>
            )}
            <label className="block text-sm font-medium">
              Description (read out to buyers who cannot see it)
              <input name="alt" maxLength={200} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </label>
            {state.fieldErrors.Alt && (
              <p role="alert" className="text-sm text-red-700">
                {state.fieldErrors.Alt}
              </p>
            )}
            <button type="submit" className={primary} disabled={pending}>
              {pending ? 'Uploading…' : 'Add image'}
            </button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">This product has {props.max} images, the most it may have: remove one to add another.</p>
        ))}
      <p aria-live="polite" className="text-sm">
        {state.saved && <span className="text-emerald-800">{state.saved}</span>}
        {state.error && !state.fieldErrors.Image && !state.fieldErrors.Alt && <span className="text-red-700">{state.error}</span>}
      </p>
    </div>
  );
}
