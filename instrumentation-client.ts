// Runs in the browser before the pages hydrate (Next's instrumentation-client convention), so
// before any zod schema of a client bundle is built. zod 4 otherwise probes `new Function("")` to
// choose its compiled object parser; the pages' CSP forbids eval, so each page reported a
// script-src violation (caught and swallowed by zod, but reported all the same). The interpreted
// parser is what the browser then ran anyway. Servers keep the compiled one: this file is the
// client's only. zod's core alone (its global configuration), not the `z` namespace: every page
// loads this file, and `z` would bring the whole library (about 110 KB) to pages without a form.
import { config } from 'zod/v4/core';

config({ jitless: true });
