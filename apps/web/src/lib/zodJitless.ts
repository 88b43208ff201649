import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` when it may: its probe for that is itself a
 * `script-src` violation under the gateway's Content-Security-Policy (no 'unsafe-eval'), reported even
 * though zod catches it. The browser build never tries: imported first by each entry (main.tsx,
 * chipEarly.ts), before any schema parses.
 */
z.config({ jitless: true });
