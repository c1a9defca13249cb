/**
 * zod for the shared schemas. In a browser it parses without compiling code:
 * zod would otherwise build its object parsers with `new Function`, and even
 * its probe for that is reported as a violation of the pages' Content Security
 * Policy (no 'unsafe-eval'). The results are the same; the server keeps the
 * compiled parsers. Every shared schema imports `z` from here, so this runs
 * before the first schema is built.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
