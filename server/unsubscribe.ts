import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CONSENT_LABELS, UNSUBSCRIBE_CHOICE_FIELD, UNSUBSCRIBE_LOCALE_FIELD } from "~/features/consent/consent.schema";
import { maskedEmail } from "~/features/consent/masked-email";
import { pathInLocale } from "~/lib/i18n/locale";
import type { Services } from "~/.server/services";

/** RFC 8058's body is "List-Unsubscribe=One-Click", a multipart one a few hundred bytes: nothing needs more. */
export const UNSUBSCRIBE_BODY_LIMIT = 2048;

const PLAIN = { "Cache-Control": "no-store" };

/**
 * POST /unsubscribe/<token>: the address RFC 8058's one-click POST goes to, and the page's own form.
 * It lives outside /api, whose guard takes only JSON from this site: a mail provider posts a form
 * body from no origin, with no cookie, and the signed token is all the authority it needs (a token
 * the server did not write is a 404). Any body is taken as "stop", but the page's "resubscribe".
 *
 * The page's form is answered with a redirect to the page (POST, redirect, GET: a reload sends
 * nothing twice), which then shows what is now so; a mail provider gets a short plain answer.
 * Both are idempotent: stopping twice leaves one row.
 */
export function unsubscribeRoutes(services: Pick<Services, "unsubscribeLinks" | "consent">) {
  const routes = new Hono();
  routes.post(
    "/unsubscribe/:token",
    bodyLimit({
      maxSize: UNSUBSCRIBE_BODY_LIMIT,
      onError: (c) => c.text("The request body is too large.", 413, PLAIN),
    }),
    async (c) => {
      const token = c.req.param("token");
      const link = services.unsubscribeLinks.read(token);
      if (!link) return c.text("This unsubscribe link is not valid.", 404, PLAIN);
      const { choice, locale } = await pageChoice(c);
      const name = CONSENT_LABELS[link.kind].name.toLowerCase();
      if (choice === "resubscribe") await services.consent.optIn(link.email, link.kind);
      else await services.consent.optOut(link.email, link.kind);
      // Back to the page in its language: /es/unsubscribe/… sends its own (the form's `locale` field).
      if (choice !== undefined)
        return c.redirect(
          pathInLocale(`/unsubscribe/${token}${choice === "resubscribe" ? "?resubscribed=1" : ""}`, locale),
          303,
        );
      return c.text(`Unsubscribed: no more ${name} to ${maskedEmail(link.email)}.`, 200, PLAIN);
    },
  );
  return routes;
}

/**
 * The page's button, when the page sent the form (undefined for a mail provider's POST, or any
 * other body), and the page's language (its form's `locale` field: "es" from /es, else English).
 */
async function pageChoice(
  c: Context,
): Promise<{ choice: "unsubscribe" | "resubscribe" | undefined; locale: "en" | "es" }> {
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data"))
    return { choice: undefined, locale: "en" };
  // A body that does not parse as its type is still a POST to the link: taken as RFC 8058's "stop".
  const fields = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const choice = fields[UNSUBSCRIBE_CHOICE_FIELD];
  return {
    choice: choice === "resubscribe" || choice === "unsubscribe" ? choice : undefined,
    locale: fields[UNSUBSCRIBE_LOCALE_FIELD] === "es" ? "es" : "en",
  };
}
