import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What every page state must pass in the browser tests: nothing wider than the viewport (no
// sideways scroll on a 390 px phone) and nothing axe-core objects to.

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // axe-core is half a megabyte of script: evaluated once per document, not at every check of it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  });
}

/** The page's width beyond the viewport, in CSS pixels (0 when it fits). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return Math.max(0, scrollWidth - width);
}

/** Whatever the page shows now: nothing wider than the viewport, nothing axe-core objects to. */
export async function expectFitsAndAccessible(page: Page, state: string): Promise<void> {
  const width = page.viewportSize()!.width;
  // Next.js streams a page's metadata after its body, so right after a client-side navigation or
  // refresh the <title> can be briefly absent; wait for it (and fail if it never comes).
  await expect.poll(() => page.title(), { message: `${state} at ${width} px has a title`, timeout: 5_000 }).not.toBe('');
  expect(await sidewaysOverflow(page), `${state} at ${width} px scrolls sideways`).toBe(0);
  let violations = await axeViolations(page);
  if (violations.some((violation) => violation.id === 'document-title')) {
    // A refresh in flight (router.refresh after a save) can swap the streamed metadata while axe
    // runs (CI saw it once): the title must come back, and the page is then checked again whole.
    await expect.poll(() => page.title(), { message: `${state} at ${width} px has a title again`, timeout: 5_000 }).not.toBe('');
    violations = await axeViolations(page);
  }
  expect(violations, `${state} at ${width} px`).toEqual([]);
}

/** The two widths every page is walked at: a desktop and a 390 px phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A link of the portal's menu, ready to click: on a phone the menu is behind its "Menu" button,
 * which is opened first.
 */
export async function portalLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name, exact: true });
}

/**
 * Waits until React has hydrated the page's controls, so a click is never a native form submit and
 * a field holds the value its form gave it. Hydration renders in slices that yield to the browser,
 * and a form sets its fields' values only when the whole slice commits: so every control in main
 * must carry React's props (the last one rendered, the render is through), and then a frame and a
 * task pass for the commit that follows it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    // A server action's hidden inputs are written by the server for a form sent before hydration; React never hydrates them.
    Array.from(document.querySelectorAll('main button, main form, main input:not([type="hidden"]), main select, main textarea')).every((control) =>
      Object.keys(control).some((key) => key.startsWith('__reactProps')),
    ),
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * Whether a console line is React's word that the server's HTML and the browser's first render
 * differ (a hydration mismatch, in words or as a minified error number): a page must never log one.
 */
export function isHydrationWarning(text: string): boolean {
  return /hydrat|did not match|server rendered|#41[89]|#42[35]/i.test(text);
}

