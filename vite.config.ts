import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import devServer, { defaultOptions } from "@hono/vite-dev-server";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vite";
import path from "node:path";

/**
 * React Router's package exports only its development build (decision 017); the browser's bundle
 * takes the production build's files instead, as the server does (scripts/build-server.ts), which
 * leaves out the router's development warnings.
 */
const productionRouter = (file: string) =>
  path.resolve(import.meta.dirname, "node_modules/react-router/dist/production", file);

/**
 * The modules of every page's first load (root, the site layout and what they import), bundled into
 * one file for the browser (decision 056): / was 133.1 KB gzip in 39 files, and is 127.0 KB in 12.
 */
const SHELL_MODULES = new RegExp(
  [
    "node_modules/(@lingui|react-router)/",
    "node_modules/lucide-react/dist/esm/(createLucideIcon|Icon|defaultAttributes|shared/)",
    "app/lib/i18n/(?!fixed-messages)",
    "app/lib/(use-hydrated|root-data|use-site|site-config|use-session-user|safe-redirect|money|service-length|opening-hours|use-opening-hours|page-meta)\\.ts",
    "app/components/(layout/(?!language-offer\\.)|ui/button|ui/toast|error-page|section-heading)",
  ].join("|"),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(import.meta.dirname, "app/lib/i18n/use-sync-external-store.ts"),
      },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: productionRouter("index.mjs") },
            { find: /^react-router\/dom$/, replacement: productionRouter("dom-export.mjs") },
          ]
        : []),
    ],
  },
  build:
    command === "build" && !isSsrBuild
      ? {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // What every page loads (the router, the language plumbing, the layout's parts)
                    // in one file, not two dozen small ones: each file costs its own gzip and imports.
                    name: "shell",
                    test: SHELL_MODULES,
                  },
                ],
              },
            },
          },
        }
      : undefined,
  // The server bundle takes only the icons the pages use, not lucide's whole set of some 1,700
  // (with it, a process started 16 MB larger; benchmark 040).
  ssr: { noExternal: ["lucide-react"] },
  plugins: [
    tailwindcss(),
    // Lingui's macros (`<Trans>`, `useLingui`, `msg`) become catalog look-ups by message id; its
    // preset runs Babel only on the files that import a macro. `lingui()` compiles the imported
    // .po catalogs (decision 056).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    // In development the same Hono app as in production answers every request
    // (API and pages); Vite keeps its own module and asset URLs.
    command === "serve" &&
      devServer({
        entry: "server/dev.ts",
        exclude: [...defaultOptions.exclude, /^\/app\//, /^\/@/, /^\/node_modules\//, /\?(import|raw|url|inline)/],
        injectClientScript: false,
        // The plugin's default answer to any change is a full page reload; React Router's
        // HMR already refreshes pages, and the API is re-imported on the next request.
        handleHotUpdate: () => undefined,
      }),
    reactRouter(),
  ],
}));
