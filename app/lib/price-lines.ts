/**
 * The words of a visit's priced lines. A booking stores each line's label in English, as the shop
 * and its team read it ("Full Detail (Medium)", "Synthetic oil", "WASH5 (5% off)"); a customer who
 * reads Spanish sees the same line in Spanish, read back from the stored label by its kind. What
 * the shop typed (a package's, a size class's, an oil's, an add-on's or a club plan's name) stays
 * as typed; a service's name (one of the six, none with a parenthesis) is the page's or e-mail's. No macro here: the e-mails' modules import it (decision 056).
 */

export const LINE_KINDS = ["package", "service", "oil", "add-on", "club", "promo"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** "Full Detail (Medium)": the package or service, for the vehicle's size class. */
export const mainLineLabel = (name: string, className: string) => `${name} (${className})`;
/** "Synthetic oil": an oil change's oil, when it costs more than the first. */
export const oilLineLabel = (oil: string) => `${oil} oil`;
/** "Wash Club (Unlimited): covered": a member's service taken off by their plan. */
export const clubLineLabel = (plan: string) => `Wash Club (${plan}): covered`;
/** "WASH5 (5% off)". */
export const promoLineLabel = (code: string, percent: number) => `${code} (${percent}% off)`;

/** A line's label taken apart again: what a translation puts back together. */
export type LineParts =
  | { kind: "main"; name: string; className: string }
  | { kind: "oil"; oil: string }
  | { kind: "club"; plan: string }
  | { kind: "promo"; code: string; percent: number }
  | { kind: "as-typed"; label: string };

/**
 * The parts of a stored label of that kind. An add-on is its name; a label that does not read as
 * its kind's (a line stored before its words changed, or with no kind) stays as it is.
 */
export function lineParts(kind: LineKind | undefined, label: string): LineParts {
  const match = (pattern: RegExp) => pattern.exec(label);
  // A package's name is the shop's, as typed: only one of the six services has words to change.
  if (kind === "service") {
    const m = match(/^(.+?) \((.+)\)$/);
    if (m) return { kind: "main", name: m[1]!, className: m[2]! };
  } else if (kind === "oil") {
    const m = match(/^(.+) oil$/);
    if (m) return { kind: "oil", oil: m[1]! };
  } else if (kind === "club") {
    const m = match(/^Wash Club \((.+)\): covered$/);
    if (m) return { kind: "club", plan: m[1]! };
  } else if (kind === "promo") {
    const m = match(/^(\S+) \((\d+)% off\)$/);
    if (m) return { kind: "promo", code: m[1]!, percent: Number(m[2]) };
  }
  return { kind: "as-typed", label };
}

/** The words a language gives each part (the e-mails' catalog, or a page's). */
export interface LineWords {
  /** One of the six services' names in the language. */
  service(name: string): string;
  oil(oil: string): string;
  club(plan: string): string;
  promo(code: string, percent: number): string;
}

/** A stored line's label in a language: its parts put back together in that language's words. */
export function lineLabelIn(words: LineWords, line: { kind?: LineKind; label: string }): string {
  const parts = lineParts(line.kind, line.label);
  switch (parts.kind) {
    case "main":
      return mainLineLabel(words.service(parts.name), parts.className);
    case "oil":
      return words.oil(parts.oil);
    case "club":
      return words.club(parts.plan);
    case "promo":
      return words.promo(parts.code, parts.percent);
    default:
      return parts.label;
  }
}
