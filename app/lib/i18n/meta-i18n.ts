import { setupI18n, type I18n, type MessageDescriptor, type Messages } from "@lingui/core";

/** A text a meta function gives: a message of the catalog (`msg` macro), or a string as it is. */
export type MetaText = string | MessageDescriptor;

interface RootI18nData {
  locale: string;
  messages: Messages;
}

/** One instance per catalog the root loader sent (a meta function runs outside React's context). */
const instances = new WeakMap<object, I18n>();

/** The page's i18n for its meta function, from the root loader's data among the matches. */
export function metaI18n(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): I18n {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootI18nData | undefined;
  const messages = root?.messages ?? {};
  let i18n = instances.get(messages);
  if (!i18n) {
    const locale = root?.locale ?? "en";
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(messages, i18n);
  }
  return i18n;
}

export function translate(i18n: I18n, text: MetaText): string {
  return typeof text === "string" ? text : i18n._(text);
}
