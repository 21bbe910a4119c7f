import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/**
 * The frame of a stand-in's page (the local Stripe's checkout and portal, the local Strava's authorize and record
 * pages): plain HTML, no script, dark like the app yet plainly not the app, with the service's own accent on its main
 * button. `styles` adds what one stand-in's pages need beyond the shared look.
 */
export function standInPage(
  title: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
  options: { accent: string; styles?: string },
) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0b0b0c; color: #f4f4f5; }
  main { max-width: 28rem; margin: 0 auto; padding: 2rem 1.25rem; }
  .banner { background: #facc15; color: #111; font-weight: 700; padding: .75rem 1rem; border-radius: .5rem; }
  .card { margin-top: 1.5rem; background: #18181b; border: 1px solid #27272a; border-radius: .75rem; padding: 1.25rem; }
  h1 { font-size: 1.25rem; margin: 0; } h2 { font-size: 1rem; } p, li { color: #a1a1aa; line-height: 1.5; }
  form { margin: 0; } .actions { display: grid; gap: .75rem; margin-top: 1.25rem; }
  button, .link { display: block; width: 100%; box-sizing: border-box; min-height: 3rem; border-radius: .5rem;
    font: inherit; font-weight: 700; cursor: pointer; text-align: center; text-decoration: none; padding: .75rem; }
  .primary { background: ${raw(options.accent)}; color: #111; border: 0; } .secondary { background: transparent; color: #f4f4f5;
    border: 1px solid #3f3f46; }
  button:focus-visible, .link:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #facc15; outline-offset: 2px; }
${raw(options.styles ?? "")}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
