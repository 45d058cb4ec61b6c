import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ComponentProps, type RefObject } from "react";
import type { BookingForm as Form } from "./booking-form";
import { typedValues, type TypedValues } from "./typed-values";

/**
 * The booking form's code is run, and its server-rendered HTML hydrated, once the form is wanted
 * (decision 061): when it comes within a screen of the viewport, or the visitor touches, clicks,
 * focuses or types in it. Evaluating the form's modules and hydrating it took one long task of
 * 300–450 ms on Lighthouse's slowed phone, the whole of the home page's blocking time, while the
 * form sat screens below the fold. Until then the server's form stays as it is: what is typed
 * into it is kept (`KeepTyped`), and its submit button stays disabled until React runs it.
 */
let want: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => (want = resolve));

// The server renders the form at once: it is the HTML the browser shows until then.
const BookingForm = lazy(() =>
  (typeof window === "undefined" ? import("./booking-form") : wanted.then(() => import("./booking-form"))).then(
    (m) => ({ default: m.BookingForm }),
  ),
);

/** One screen ahead: the form is hydrated before a visitor scrolling down reaches it. */
const AHEAD = "0px 0px 100% 0px";
const INTERACTIONS = ["focusin", "pointerdown", "keydown", "input"] as const;

/** Calls `want` once `holder` is near the viewport or used; at once if it holds no server form. */
function useWantedWhenNear(holder: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = holder.current;
    // A client-side navigation renders no server form: nothing to keep, load it now (as before).
    if (!element || !element.querySelector("form") || element.contains(document.activeElement)) {
      want();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    for (const type of INTERACTIONS) element.addEventListener(type, want, { capture: true, passive: true });
    // A change of the router's location (the skip link's #main, back or forward) re-renders what
    // holds the server's form: React cannot hydrate it then, and shows the fallback until the code
    // is here. Wanted at once, it is back within moments, as before, not only when scrolled near.
    window.addEventListener("popstate", want);
    const stop = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) element.removeEventListener(type, want, { capture: true });
      window.removeEventListener("popstate", want);
    };
    void wanted.then(stop);
    return stop;
  }, [holder]);
}

/**
 * Reads what the visitor changed in the server's form, in the commit that hydrates it: a sibling
 * before the form, so its layout effect runs before the form's fields are registered (which
 * sets a radio button back to the form's default value).
 */
function KeepTyped({
  holderRef,
  typedRef,
}: {
  holderRef: RefObject<HTMLElement | null>;
  typedRef: RefObject<TypedValues>;
}) {
  useLayoutEffect(() => {
    const form = holderRef.current?.querySelector("form");
    typedRef.current = form ? typedValues(form) : {};
  }, [holderRef, typedRef]);
  return null;
}

/** The booking form as both public pages show it, loaded and hydrated when wanted. */
export function DeferredBookingForm({ className, ...props }: ComponentProps<typeof Form> & { className?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const typed = useRef<TypedValues>({});
  useWantedWhenNear(holder);
  return (
    <div ref={holder} className={className}>
      <Suspense
        fallback={
          <p className="text-slate-600">
            <Trans>Loading the booking form…</Trans>
          </p>
        }
      >
        <KeepTyped holderRef={holder} typedRef={typed} />
        <BookingForm {...props} typedRef={typed} />
      </Suspense>
    </div>
  );
}
