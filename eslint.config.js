import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import house from "./eslint/import-boundaries.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "drizzle/",
      "test-results/",
      "playwright-report/",
      // Compiled from the e-mails' .po catalogs (scripts/mail-catalogs.ts).
      "app/.server/mail/locales/*.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { house },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "house/import-boundaries": "error",
    },
  },
  {
    // React's rules, the React Compiler's analysis among them (most of the lint's time), where React
    // runs: the app's modules, not its server-only code, the tests, the API server or the scripts.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**", "app/**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
