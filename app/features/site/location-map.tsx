import { Trans, useLingui } from "@lingui/react/macro";
import { MapPin, Navigation } from "lucide-react";
import { useState } from "react";
import { directionsHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";

/** How long the map provider may take to answer before the static map stays. */
const PROVIDER_TIMEOUT_MS = 5000;
const PROBE_TILE = "https://tile.openstreetmap.org/0/0/0.png";

function osmLinks(lat: number, lng: number) {
  const d = 0.006;
  return {
    page: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${lng - d},${lat - d / 2},${lng + d},${lat + d / 2}&layer=mapnik&marker=${lat},${lng}`,
  };
}

/** Resolves true when one map tile loads in time: an embed of an unreachable provider would show a browser error page. */
function providerReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => resolve(false), PROVIDER_TIMEOUT_MS);
    image.onload = () => (clearTimeout(timer), resolve(true));
    image.onerror = () => (clearTimeout(timer), resolve(false));
    image.src = PROBE_TILE;
  });
}

/**
 * A static map card (address, directions links) that works with no map provider at all; the
 * interactive map loads only when asked for, so no third party is contacted on page load, and
 * only once the provider has answered, so a blocked or offline provider never breaks the page.
 */
export function LocationMap() {
  const site = useSite();
  const links = osmLinks(site.geo.latitude, site.geo.longitude);
  const [state, setState] = useState<"static" | "checking" | "live" | "unreachable">("static");

  const { t } = useLingui();
  async function showInteractive() {
    setState("checking");
    setState((await providerReachable()) ? "live" : "unreachable");
  }

  if (state === "live") {
    return (
      <div>
        <iframe
          title={t`Map showing ${site.name} at ${site.address}`}
          src={links.embed}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-2xl border border-slate-200 sm:aspect-[16/9]"
        />
        <a
          href={links.page}
          rel="noopener"
          className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          <Trans>Open a larger map</Trans>
        </a>
      </div>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-[#e8efe4]">
      <svg
        aria-hidden
        viewBox="0 0 400 240"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 size-full"
      >
        <rect width="400" height="240" fill="#e8efe4" />
        <path d="M0 150 L400 110" stroke="#fff" strokeWidth="22" />
        <path d="M130 0 L170 240 M300 0 L280 240" stroke="#fff" strokeWidth="14" />
        <path d="M0 40 L400 60 M0 215 L400 200" stroke="#fff" strokeWidth="8" />
        <rect x="190" y="20" width="70" height="60" rx="6" fill="#cfe3c4" />
        <rect x="20" y="170" width="90" height="50" rx="6" fill="#cfe3c4" />
        <path d="M320 150 q40 -10 80 10 v80 h-80Z" fill="#bcd9f0" />
      </svg>
      <div className="relative flex min-h-64 flex-col items-center justify-center gap-3 p-6 text-center">
        <MapPin aria-hidden className="size-12 fill-red-600 text-red-800 drop-shadow" />
        <p className="rounded-lg bg-white/90 px-4 py-2 font-semibold text-slate-900 shadow">
          {site.name}
          <br />
          <span className="font-normal">{site.address}</span>
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <a
            href={directionsHref(site)}
            rel="noopener"
            className={`inline-flex items-center gap-2 ${buttonClass({ size: "lg" })}`}
          >
            <Navigation aria-hidden className="size-4" />
            <Trans>Get directions</Trans>
          </a>
          <a href={links.page} rel="noopener" className={buttonClass({ variant: "secondary", size: "lg" })}>
            <Trans>Open in OpenStreetMap</Trans>
          </a>
          <button
            type="button"
            onClick={showInteractive}
            disabled={state === "checking"}
            className={buttonClass({ variant: "secondary", size: "lg" })}
          >
            {state === "checking" ? <Trans>Loading map…</Trans> : <Trans>Show interactive map</Trans>}
          </button>
        </div>
        <p role="status" className="max-w-md rounded bg-white/90 px-3 text-sm text-slate-800 empty:hidden">
          {state === "unreachable" ? (
            <Trans>The map service can't be reached right now. Use the links above to open the map.</Trans>
          ) : (
            ""
          )}
        </p>
      </div>
    </div>
  );
}
