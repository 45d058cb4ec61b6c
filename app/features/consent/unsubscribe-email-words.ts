import type { EmailParagraph } from "~/.server/mail/email-layout";
import { ENGLISH, type MailWords } from "~/.server/mail/mail-i18n";
import { CONSENT_LABELS, type ConsentKind } from "./consent.schema";

/** A kind of the shop's own e-mails in the middle of a sentence: "service reminders" ("recordatorios de servicio"). */
function kindInSentence({ i18n, locale }: MailWords, kind: ConsentKind): string {
  if (locale === "en") return CONSENT_LABELS[kind].name.toLowerCase();
  return {
    "service-reminders": () => i18n._("service reminders"),
    "review-requests": () => i18n._("review requests"),
    "club-reminders": () => i18n._("Wash Club renewal reminders"),
  }[kind]();
}

/** The text's own way out, at the end of every message of the kind, in the e-mail's language. */
export function unsubscribeParagraph(kind: ConsentKind, url: string, words: MailWords = ENGLISH): EmailParagraph {
  const what = kindInSentence(words, kind);
  return [
    words.i18n._("You get {what} because you visited us. ", { what }),
    { label: words.i18n._("Stop {what}", { what }), href: url },
    words.i18n._(" (booking confirmations still come)."),
  ];
}
