// Runs in the browser before the pages hydrate (Next's instrumentation-client convention), so
// before any zod schema of a client bundle is built. zod 4 otherwise probes `new Function("")` to
// choose its compiled object parser; the pages' CSP forbids eval, so each page reported a
// script-src violation (caught and swallowed by zod, but reported all the same). The interpreted
// parser is what the browser then ran anyway. Servers keep the compiled one: this file is the
// client's only.
import { z } from 'zod';

z.config({ jitless: true });
