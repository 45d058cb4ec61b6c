import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildBooking, buildPlan, insertBookings, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { SAMPLE_REVIEWS } from "~/features/reviews/sample-reviews";
import { pathInLocale } from "~/lib/i18n/locale";

/*
 * Every public and customer page, rendered as the server renders it (tests/rendered-pages.ts), in
 * English and in Spanish (issue 49): each names its twin in the other language with hreflang, has the
 * right <html lang>, and a Spanish page shows no English: neither a message of the English catalog
 * nor English words the catalog never saw (a text not yet put through Lingui). What the shop and its
 * customers wrote (packages, reviews) stays as written; the test's database has none but the
 * specification's sample reviews, which are left out of the check.
 */

const t = setupTestApp({ pages: "rendered" });
const paths: Record<string, string> = {};

beforeAll(async () => {
  const [plan] = await insertPlans(t.database.db, [buildPlan()]);
  const [booking] = await insertBookings(t.database.db, [buildBooking()]);
  Object.assign(paths, {
    package: `/packages/${plan!.id}`,
    manage: `/booking/manage/${t.services.manageLinks.manageToken(booking!.id)}`,
    unsubscribe: `/unsubscribe/${t.services.unsubscribeLinks.token(booking!.email, "review-requests")}`,
    review: `/review/${t.services.reviewLinks.token(booking!.id)}`,
  });
});

/** Every English customer page, by the name the checks below use; [path, status]. */
const PAGES: Record<string, () => [string, number]> = {
  home: () => ["/", 200],
  about: () => ["/about", 200],
  pricing: () => ["/pricing", 200],
  contact: () => ["/contact", 200],
  booking: () => ["/booking", 200],
  location: () => ["/location", 200],
  reviews: () => ["/reviews", 200],
  hotels: () => ["/hotels", 200],
  "service page": () => ["/services/full-detail", 200],
  "package page": () => [paths.package!, 200],
  "not found": () => ["/no-such-page", 404],
  "manage link": () => [paths.manage!, 200],
  unsubscribe: () => [paths.unsubscribe!, 200],
  "review link": () => [paths.review!, 200],
  "waitlist offer, unknown": () => ["/waitlist/offer/not-a-token", 404],
  "waitlist leave, unknown": () => ["/waitlist/leave/not-a-token", 404],
  login: () => ["/login", 200],
  signup: () => ["/signup", 200],
  "forgot password": () => ["/forgot-password", 200],
  "reset password": () => ["/reset-password", 200],
};

/**
 * Pages with texts not yet in Spanish (issue 49 goes on): their English is not yet an error. Home and
 * contact hold the booking form, whose texts are the next to translate.
 */
const NOT_YET_TRANSLATED = new Set(["manage link", "review link"]);

/** What a reader gets of a page: its text and the texts of its labels and alternatives. */
function readableText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  const withoutCode = body.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ");
  const attributes = [...withoutCode.matchAll(/\b(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  return [withoutCode.replace(/<[^>]+>/g, " "), ...attributes]
    .join(" ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** msgid → msgstr of a catalog. */
function catalog(locale: string): Map<string, string> {
  const po = readFileSync(path.resolve(import.meta.dirname, `../../app/locales/${locale}.po`), "utf8");
  const unquote = (s: string) => JSON.parse(s) as string;
  return new Map(
    [...po.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)].map((m) => [
      unquote(m[1]!),
      unquote(m[2]!),
    ]),
  );
}

/**
 * The English catalog's texts a Spanish page must not show: each message's longest stretch of
 * words between its placeholders, where it is long enough to be English only and its Spanish differs.
 */
function englishMessages(): string[] {
  const spanish = catalog("es");
  return [...catalog("en").keys()]
    .filter((id) => id && spanish.get(id) !== id)
    .map((id) =>
      id
        .split(/\{[^}]*\}|<\/?\d+\/?>/)
        .sort((a, b) => b.length - a.length)[0]!
        .trim(),
    )
    .filter((text) => text.length >= 12 && /\s/.test(text));
}

/** Words of English that Spanish never uses, whole. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|our|please|this|that|we|will|from|book|booking|here|when|what|which)\b/i;
/** The specification's sample reviews (demo content, the customers' own words). */
const SAMPLES = SAMPLE_REVIEWS.flatMap((r) => [r.quote, r.role]);

describe("every customer page in both languages", () => {
  const english = englishMessages();

  for (const [name, page] of Object.entries(PAGES)) {
    it(`${name}: names its twin, and the Spanish page speaks Spanish`, async () => {
      const [enPath, status] = page();
      const esPath = pathInLocale(enPath, "es");
      const [en, es] = await Promise.all([t.request(enPath), t.request(esPath)]);
      expect([en.status, es.status], `${enPath} and ${esPath}`).toEqual([status, status]);
      const [enHtml, esHtml] = await Promise.all([en.text(), es.text()]);
      expect(enHtml).toContain('<html lang="en-US"');
      expect(esHtml).toContain('<html lang="es-US"');

      // Each names both and the English one as the default; a page a link's holder alone sees, too.
      if (status === 200) {
        const twins = [`en ${enPath}`, `es ${esPath}`, `x-default ${enPath}`];
        for (const html of [enHtml, esHtml]) {
          const links = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="[a-z]+:\/\/[^/]+([^"]*)"/g)];
          expect(links.map((m) => `${m[1]} ${m[2]}`)).toEqual(twins);
        }
      }

      if (NOT_YET_TRANSLATED.has(name)) return;
      let text = readableText(esHtml);
      for (const sample of SAMPLES) text = text.replaceAll(sample, " ");
      const left = english.filter((message) => text.includes(message));
      expect(left, `English messages on ${esPath}`).toEqual([]);
      const word = ENGLISH_WORDS.exec(text);
      expect(word && text.slice(Math.max(0, word.index - 60), word.index + 60), `English on ${esPath}`).toBeNull();
    });
  }
});

describe("the catalogs", () => {
  it("translate every message of the English one into Spanish, and hold no other", () => {
    const [en, es] = [catalog("en"), catalog("es")];
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    expect([...es].filter(([id, text]) => id && !text).map(([id]) => id)).toEqual([]);
  });
});
