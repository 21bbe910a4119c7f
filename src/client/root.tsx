import "./lib/zod-without-eval.ts";
import antonLatin from "@fontsource/anton/files/anton-latin-400-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { type DehydratedState, HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import toastifyCss from "react-toastify/dist/ReactToastify.css?url";
import { isPrerenderedPath, isServerRenderedPath, partnerPathPrefix } from "#shared/paths.ts";
import appCss from "./app.css?url";
import { Footer } from "./components/footer.tsx";
import { SessionPending } from "./components/full-screen-message.tsx";
import { Navbar } from "./components/navbar.tsx";
import { ScrollToTop } from "./components/scroll-to-top.tsx";
import { Toasts } from "./components/toasts.tsx";
import { CookieBanner } from "./features/consent/cookie-banner.tsx";
import { config } from "./lib/config.ts";
import { appQueryClient, createQueryClient } from "./lib/query-client.ts";
import { isDehydratedState } from "./lib/server-preload.ts";
import { markPageHydrated, useHydrated } from "./lib/use-hydrated.ts";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0a0a0b" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The design system's stylesheet comes first in <head>, ahead of the script preloads, so the
// pre-rendered page can paint as soon as it arrives; then the two latin font files app.css
// declares, preloaded so text paints in its final font.
export function links() {
  return [
    // precedence makes React emit it with the high-priority head resources, before the module preloads.
    ...[toastifyCss, appCss].map(
      (href) => ({ rel: "stylesheet", href, precedence: "high" }) as { rel: string; href: string },
    ),
    ...[interLatin, antonLatin].map((href) => ({
      rel: "preload",
      href,
      as: "font",
      type: "font/woff2",
      crossOrigin: "anonymous" as const,
    })),
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    // The installable app (decision 0093): the build writes the manifest; the icons are in public/icons.
    { rel: "manifest", href: "/manifest.webmanifest" },
    { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  ];
}

export function meta() {
  return [
    { title: `${config.appName} — Escape the scroll. Prove yourself.` },
    {
      name: "description",
      content:
        "Trade endless scrolling for a real challenge: run longer than ever, find your mission, track your progress.",
    },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: config.appName },
    { property: "og:title", content: "You Know You're Capable of More" },
    { property: "og:description", content: "Escape the scroll. Prove yourself." },
    { property: "og:image", content: "/og-image.png" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** What the server's loaders fetched for the screen it rendered (lib/server-preload.ts), all matched routes' together. */
function useServerRenderedData(): DehydratedState | undefined {
  const matches = useMatches();
  return useMemo(() => {
    const states = matches.map((match) => match.loaderData).filter(isDehydratedState);
    return states.length === 0 ? undefined : { mutations: [], queries: states.flatMap((state) => state.queries) };
  }, [matches]);
}

/**
 * Whether this render may show the route: always in the browser once the page is its own, and on the server only for
 * the pages it renders (pre-rendered at build time, or rendered with their data, decision 0139). Any other page is
 * the SPA shell's until the browser takes over; the development server, which renders every path, then shows the
 * same as production does, and a screen that reads the browser during render never runs on the server.
 */
function useRouteRenderable() {
  const { pathname } = useLocation();
  // The server's answer while hydrating: a page the server did render then hydrates without a second render (a flip
  // from no to yes would re-render the whole app at once, decision 0139).
  return useHydrated(isServerRenderedPath(pathname) || isPrerenderedPath(pathname));
}

export default function App() {
  // The browser has one client for the whole visit; on the server every page render (one request, one person) gets
  // its own, so nothing of one man's reaches another's page.
  const [queryClient] = useState(() => (typeof document === "undefined" ? createQueryClient() : appQueryClient()));
  const serverData = useServerRenderedData();
  const renderable = useRouteRenderable();
  // Marks the document once React has taken over the pre-rendered HTML: browser tests wait for it
  // before they click script-driven controls or move a page's timers.
  useEffect(markPageHydrated, []);
  if (!renderable) return <HydrateFallback />;
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={serverData}>
        <ScrollToTop />
        <div className="flex min-h-dvh flex-col">
          <Navbar />
          <div className="flex-1">
            <Outlet />
          </div>
          <Footer />
        </div>
        <CookieBanner />
        <Toasts />
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

/**
 * Pages that need no session and are not pre-rendered (an accountability partner's page: its path holds his link's
 * secret) say "Loading..." instead of the SPEC's session words while the scripts arrive (issue 35 row 14). This HTML
 * is built once for every such path, so a line of script picks the words as the page is parsed.
 */
const noSessionWords = `document.currentScript.previousElementSibling.querySelector("p").textContent=${JSON.stringify(
  "Loading...",
)}`;

export function HydrateFallback() {
  return (
    <>
      <SessionPending />
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input of anyone's.
        dangerouslySetInnerHTML={{
          // The same test as isPartnerPath, inlined: it runs before any module has loaded.
          __html: `if(location.pathname.toLowerCase().startsWith(${JSON.stringify(partnerPathPrefix)})){${noSessionWords}}`,
        }}
      />
    </>
  );
}
