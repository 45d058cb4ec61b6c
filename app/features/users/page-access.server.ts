import { data, redirect, type AppLoadContext } from "react-router";
import type { Actor } from "~/lib/access";
import { allows, PAGES, type PagePath } from "~/lib/permissions";
import { loginPath } from "~/lib/safe-redirect";

interface LoaderArgsLike {
  request: Request;
  context: AppLoadContext;
}

/** First line of every signed-in page's loader: a visitor goes to /login and comes back after. */
export async function requirePageActor({ request, context }: LoaderArgsLike): Promise<Actor> {
  const actor = await context.services.getActor(request.headers);
  if (!actor) {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
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
