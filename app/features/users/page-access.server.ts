import { data, redirect, type AppLoadContext } from "react-router";
import type { Actor } from "~/lib/access";
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

/** First line of every admin page's loader: members get the 403 page, visitors the login. */
export async function requireAdminPage(args: LoaderArgsLike): Promise<Actor> {
  const actor = await requirePageActor(args);
  if (actor.role !== "admin") throw data(null, { status: 403 });
  return actor;
}
