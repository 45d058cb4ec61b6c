import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Armchair, Cog, Droplets, ShieldCheck, Sparkles, Wrench } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { catalogueName } from "~/lib/i18n/catalogue-names";

const ICONS: Record<string, typeof Droplets> = {
  "hand-wash": Droplets,
  "interior-clean": Armchair,
  "express-wax": Sparkles,
  "full-detail": ShieldCheck,
  "oil-change": Wrench,
  "engine-clean": Cog,
};

export interface ServiceSummary {
  slug: string;
  name: string;
  summary: MessageDescriptor;
  href: string;
  fromPrice: number | null;
}

export function ServiceList({ services }: { services: readonly ServiceSummary[] }) {
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((s) => {
        const Icon = ICONS[s.slug] ?? Droplets;
        return (
          <li
            key={s.slug}
            className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
          >
            <Icon aria-hidden className="size-10 rounded-xl bg-brand-50 p-2 text-brand-700" />
            <h3 className="mt-4 text-xl font-bold text-slate-900">
              {/* The whole card is the link's target area; the name is its text. */}
              <Link to={localePath(s.href)} className="after:absolute after:inset-0 after:rounded-2xl">
                {t(catalogueName(s.name))}
              </Link>
            </h3>
            <p className="mt-2 flex-1 text-slate-700">{t(s.summary)}</p>
            {s.fromPrice !== null && (
              <p className="mt-4 font-semibold text-brand-700">
                <Trans>From {formatPrice(s.fromPrice)}</Trans>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
