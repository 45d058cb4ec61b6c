/**
 * React Router's default server entry (`react-router reveal`), with the page's CSP nonce added,
 * every page written once all of it is ready (see below), the stylesheet's text handed to the root
 * layout to write into the head, and the module preloads asked for after the first paint
 * (docs/decisions/021-first-paint.md).
 */
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { modulePreloadsAfterFirstPaint } from "~/.server/module-preloads";
import { StylesheetTextContext } from "~/components/layout/site-stylesheet";
import stylesheetText from "./app.css?inline";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Content-Security-Policy's nonce of this answer (server/content-security-policy.ts): React
  // Router gives it to its inline scripts, module entry and preloads, React to its streaming scripts.
  const nonce = loadContext.cspNonce;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetTextContext value={stylesheetText}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetTextContext>,
      {
        nonce,
        // Every page, not only a crawler's, is written once all of it is ready, with every Suspense
        // boundary in place (React outlines a large one behind its fallback, to be swapped in by a
        // script, unless told that no boundary is too large). The ETag (server/page-etag.ts) reads a
        // page whole before it is sent, so streaming gained nothing, and the contact page painted
        // "Loading the booking form…", then moved under the reader's thumb (Lighthouse CLS 0.13).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // The module preloads are asked for after the first paint (app/.server/module-preloads.ts).
          const html = modulePreloadsAfterFirstPaint(nonce);
          pipe(html);
          html.pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
