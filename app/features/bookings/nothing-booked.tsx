import { Trans } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";

/** What a member reads where they have nothing ahead: the way to book, one tap away. */
export function NothingBooked({ children }: { children: React.ReactNode }) {
  const localePath = useLocalePath();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <p className="min-w-0 break-words text-slate-700">{children}</p>
      <Link
        to={localePath("/booking")}
        className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        <CalendarPlus aria-hidden className="size-5" />
        <Trans>Book a slot</Trans>
      </Link>
    </div>
  );
}
