import { msg } from "@lingui/core/macro";
import type { BeforeAfterPair } from "./before-after-slider";

/** The before/after pairs of the home page's gallery (artwork in public/images). */
export const GALLERY_PAIRS: readonly BeforeAfterPair[] = [
  {
    title: msg`Winter road grime, gone`,
    service: "Signature Wash & Wax",
    before: {
      src: "/images/red-sedan-before.svg",
      alt: msg`Before: a red sedan caked in mud and road grime, windows dull`,
    },
    after: { src: "/images/red-sedan-after.svg", alt: msg`After: the same red sedan clean and glossy` },
  },
  {
    title: msg`Back from the trail`,
    service: "Platinum Full Detail",
    before: {
      src: "/images/green-sedan-before.svg",
      alt: msg`Before: a green sedan splattered with mud up to the windows`,
    },
    after: {
      src: "/images/green-sedan-after.svg",
      alt: msg`After: the same green sedan spotless, with a fresh sealant shine`,
    },
  },
];
