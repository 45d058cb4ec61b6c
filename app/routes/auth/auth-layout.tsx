import { Link, Outlet } from "react-router";
import { LanguageOfferAfterLoad } from "~/components/layout/language-offer-after-load";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { useSite } from "~/lib/use-site";
import { useLocalePath } from "~/lib/i18n/use-locale";

/** Sign-in pages stand alone: no header or footer (specification: docs/specification-quirks.md §12). */
export default function AuthLayout() {
  const site = useSite();
  const localePath = useLocalePath();
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <Link to={localePath("/")} className="flex items-center gap-2 text-xl font-extrabold text-white">
        <img src="/favicon.svg" alt="" width={36} height={36} />
        {site.name}
      </Link>
      <div className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <Outlet />
      </div>
      <LanguageSwitcher className="mt-6 py-1 text-sm text-white underline underline-offset-4" />
      <LanguageOfferAfterLoad />
    </main>
  );
}
