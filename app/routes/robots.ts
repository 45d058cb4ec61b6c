import type { Route } from "./+types/robots";
import { robotsTxt } from "~/features/site/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  const origin = context.site.publicUrl ?? new URL(request.url).origin;
  return new Response(robotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
