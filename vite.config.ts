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

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: productionRouter("index.mjs") },
            { find: /^react-router\/dom$/, replacement: productionRouter("dom-export.mjs") },
          ]
        : []),
    ],
  },
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
