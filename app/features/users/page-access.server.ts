import { data, redirect, type AppLoadContext } from "react-router";
import type { Actor } from "~/lib/access";
import { allows, PAGES, type PagePath } from "~/lib/permissions";
import { localeOfPath, pathInLocale } from "~/lib/i18n/locale";
import { loginPath } from "~/lib/safe-redirect";
import { SECURITY_PATH } from "~/features/security/security.schema";

interface LoaderArgsLike {
  request: Request;
  context: AppLoadContext;
}

/**
 * First line of every signed-in page's loader: a visitor goes to /login and comes back after. A
 * team account the shop requires two-factor sign-in of, without it, goes to set it up first: no
 * dashboard page opens before (the layout's loader and each page's run side by side, so each asks).
 */
export async function requirePageActor({ request, context }: LoaderArgsLike): Promise<Actor> {
  const actor = await context.services.getActor(request.headers);
  const url = new URL(request.url);
  // A Spanish page's visitor signs in on the Spanish sign-in page (/es/login), and comes back.
  if (!actor) throw redirect(pathInLocale(loginPath(url.pathname + url.search), localeOfPath(url.pathname)));
  if (
    pathInLocale(url.pathname, "en").startsWith("/dashboard") &&
    url.pathname !== SECURITY_PATH &&
    (await context.services.security.mustSetUpTwoFactor(actor))
  )
    throw redirect(`${SECURITY_PATH}?required=1`);
  return actor;
}

/**
 * First line of every dashboard page's loader: the permission table (app/lib/permissions.ts) says
 * who may open `page`; a role that may not gets the 403 page, a visitor the login.
 */
export async function requirePage(args: LoaderArgsLike, page: PagePath): Promise<Actor> {
  const actor = await requirePageActor(args);
  if (!allows(actor.role, PAGES[page])) throw data(null, { status: 403 });
  return actor;
}
