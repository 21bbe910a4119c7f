/**
 * zod, which the shared contracts use, finds out whether it may compile its parsers with `new Function`. Our Content
 * Security Policy forbids eval, so the attempt showed as a CSP violation on every screen that loads a contract
 * (Lighthouse's best practices, issue 37). Told up front, through the global it reads its settings from, it never
 * tries, without this module loading zod. Imported first by root.tsx, before any schema is built.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
