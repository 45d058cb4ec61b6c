import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

export interface BeforeAfterPair {
  title: MessageDescriptor;
  /** The package's name, as the shop calls it. */
  service: string;
  before: { src: string; alt: MessageDescriptor };
  after: { src: string; alt: MessageDescriptor };
}

/**
 * Two pictures of the same car, the "before" clipped to the left of the divider. A native range
 * input lies over both, invisible, so mouse drag, touch drag, tap and the arrow, Home, End and
 * Page keys all move the divider with no gesture code of ours, and screen readers announce it.
 */
export function BeforeAfterSlider({ pair }: { pair: BeforeAfterPair }) {
  const [position, setPosition] = useState(50);
  const { t } = useLingui();
  const title = t(pair.title);
  return (
    <figure>
      <div className="relative aspect-[10/7] overflow-hidden rounded-2xl bg-slate-200 select-none">
        <img
          src={pair.after.src}
          alt={t(pair.after.alt)}
          width={800}
          height={560}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full"
        />
        <img
          src={pair.before.src}
          alt={t(pair.before.alt)}
          width={800}
          height={560}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
        <input
          type="range"
          min={0}
          max={100}
          value={position}
          onChange={(e) => setPosition(Number(e.currentTarget.value))}
          aria-label={t`Before and after: ${title}`}
          aria-valuetext={t`${position}% before, ${100 - position}% after`}
          className="before-after-range peer absolute inset-0 z-10 size-full cursor-ew-resize opacity-0"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 w-1 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(0,0,0,.5)] peer-focus-visible:w-1.5 peer-focus-visible:bg-accent-400 peer-focus-visible:[&>span]:ring-4 peer-focus-visible:[&>span]:ring-accent-500"
          style={{ left: `${position}%` }}
        >
          <span className="absolute top-1/2 left-1/2 flex size-11 -translate-1/2 items-center justify-center rounded-full bg-white text-lg font-bold text-slate-900 shadow-lg">
            ‹›
          </span>
        </div>
        <span
          aria-hidden
          className="pointer-events-none absolute top-3 left-3 rounded bg-slate-900/80 px-2 py-1 text-xs font-bold tracking-wider text-white uppercase"
        >
          <Trans>Before</Trans>
        </span>
        <span
          aria-hidden
          className="pointer-events-none absolute top-3 right-3 rounded bg-slate-900/80 px-2 py-1 text-xs font-bold tracking-wider text-white uppercase"
        >
          <Trans>After</Trans>
        </span>
      </div>
      <figcaption className="mt-3">
        <span className="font-bold text-slate-900">{title}</span>
        <span className="text-slate-600"> · {pair.service}</span>
      </figcaption>
    </figure>
  );
}
