import { createContext, use } from "react";

/**
 * The text of the site's stylesheet, handed in by the server's entry (app/entry.server.tsx) and
 * absent in the browser, so that the 50 KB of CSS is in the page, not in the JavaScript.
 */
export const StylesheetTextContext = createContext<string | null>(null);

/**
 * The site's one stylesheet, written into the head as a `<style>` rather than linked: a phone on a
 * slow network paints as soon as the HTML has come, instead of after a render-blocking request that
 * queues behind the page's module preloads (docs/decisions/021-first-paint.md).
 *
 * React hoists and identifies the element by `href` (a `<style>` with `precedence` is a resource):
 * in the browser it finds the server's element by that key and keeps it, whatever its own (empty)
 * text, so hydration neither needs nor ships the CSS. Vite's development server keeps a link, which
 * it updates in place when a class changes.
 */
export function SiteStylesheet({ href }: { href: string }) {
  const text = use(StylesheetTextContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  return (
    <style href={href} precedence="site">
      {text ?? ""}
    </style>
  );
}
