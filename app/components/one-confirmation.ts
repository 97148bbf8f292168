'use client';

import { useEffect, useEffectEvent } from 'react';

// One confirmation open at a time on a page: opening one closes the one open before it, so there is
// never a second "Cancel" on screen that could belong to either. Shared by every confirming control
// and by the storefront's guest checkout (an inline question too: one offering's at a time).
let closeOpenConfirmation: (() => void) | null = null;

/** While `open`, this confirmation is the page's one; another opening closes it with `close`. */
export function useOneConfirmation(open: boolean, close: () => void): void {
  // The `close` of the latest render, whenever another confirmation opens.
  const closeThis = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const mine = () => closeThis();
    closeOpenConfirmation?.();
    closeOpenConfirmation = mine;
    return () => {
      if (closeOpenConfirmation === mine) closeOpenConfirmation = null;
    };
  }, [open]);
}
