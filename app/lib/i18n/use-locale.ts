import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { pathInLocale, type Locale } from "./locale";

/** The page's language, as its i18n instance has it (root.tsx). */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** Turns a site path into the page's language's: `/pricing` is `/es/pricing` on a Spanish page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => pathInLocale(path, locale), [locale]);
}
