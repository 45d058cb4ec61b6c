/**
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying: under
 * the site's Content-Security-Policy (no 'unsafe-eval') that try is a reported violation. In the
 * browser it parses without compiling. Zod reads this global config, which is set here without
 * importing zod, so it holds whichever module loads first; root.tsx imports this before anything.
 */
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (typeof document !== "undefined") (global.__zod_globalConfig ??= {}).jitless = true;

export {};
