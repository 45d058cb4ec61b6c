import { setupI18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useMemo } from "react";
import type { Locale } from "./locale";

/**
 * One i18n instance per page render, from the root loader's catalog: the server renders pages of
 * both languages at once, so a shared (global) instance would mix them.
 */
export function LocaleProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  /** As the root loader sent it: compiled messages are strings and arrays, unchanged by the trip. */
  messages: Record<string, unknown>;
  children: React.ReactNode;
}) {
  const i18n = useMemo(() => setupI18n({ locale, messages: { [locale]: messages as Messages } }), [locale, messages]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
