import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

/** The hero's images rotate every 4 seconds (specification: docs/specification-quirks.md §12). */
export const HERO_ROTATE_MS = 4000;

export const HERO_FIRST_IMAGE = "/images/hero-foam.svg";

const SLIDES = [
  { src: HERO_FIRST_IMAGE, alt: msg`A red car covered in snow foam during a hand wash`, caption: msg`Hand wash` },
  {
    src: "/images/hero-shine.svg",
    alt: msg`A freshly waxed blue car gleaming under the lights`,
    caption: msg`Wax & shine`,
  },
  { src: "/images/hero-lube.svg", alt: msg`A car on the lift for a quick oil change`, caption: msg`Quick lube` },
] as const;

/**
 * Rotates while nobody is looking closely: a pointer over it, keyboard focus inside it, the
 * pause button, or a system preference for reduced motion stops it (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !(hovered || focused || stopped || reducedMotion);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % SLIDES.length), HERO_ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Our work`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
    >
      <div
        className="relative aspect-[10/7] overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/20"
        aria-live={rotating ? "off" : "polite"}
      >
        {SLIDES.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription={t`slide`}
            aria-label={t`${i + 1} of ${SLIDES.length}: ${t(slide.caption)}`}
            aria-hidden={i !== current}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${i === current ? "opacity-100" : "opacity-0"}`}
          >
            <img
              src={slide.src}
              alt={t(slide.alt)}
              width={800}
              height={560}
              className="size-full object-cover"
              // The first image is the page's largest paint; the others wait their turn.
              {...(i === 0
                ? { fetchPriority: "high" as const }
                : { loading: "lazy" as const, decoding: "async" as const })}
            />
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-center gap-1">
        {!reducedMotion && (
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            className="mr-2 rounded-full p-2 text-white hover:bg-white/10"
          >
            {stopped ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
            <span className="sr-only">{stopped ? t`Play slideshow` : t`Pause slideshow`}</span>
          </button>
        )}
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            onClick={() => setCurrent(i)}
            aria-current={i === current}
            className="group p-2"
          >
            <span
              aria-hidden
              className={`block h-2.5 rounded-full transition-all ${i === current ? "w-8 bg-accent-400" : "w-2.5 bg-white/60 group-hover:bg-white"}`}
            />
            <span className="sr-only">{t`Show slide ${i + 1}: ${t(slide.caption)}`}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
