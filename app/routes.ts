import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("packages/:id", "routes/package-detail.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
