import type { Route } from "./+types/booking-settings";
import { BookingSettingsForm } from "~/features/bookings/settings/booking-settings-form";
import { ShopHoursForm } from "~/features/bookings/settings/shop-hours-form";
import { ClosedDatesPanel } from "~/features/bookings/settings/closed-dates-panel";
import { CalendarFeedPanel } from "~/features/bookings/settings/calendar-feed-panel";
import { requirePage } from "~/features/users/page-access.server";
import { businessToday } from "~/lib/business-date";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/booking-settings");
  const { services, site } = args.context;
  const today = businessToday(site.timeZone);
  const [settings, closedDates, calendarFeed] = await Promise.all([
    services.bookingSettings.getSettings(actor),
    services.bookingSettings.listClosedDates(actor, today),
    services.calendarFeeds.feedUrl(actor),
  ]);
  return { settings, closedDates, today, calendarFeedUrl: calendarFeed.url, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Booking Settings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function BookingSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, closedDates, today, calendarFeedUrl } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Booking Settings</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        How many cars each time slot takes, who hears about new requests, your opening hours and arrival windows, and
        the days you are closed, and the bookings in your own calendar.
      </p>
      <div className="mt-6 grid max-w-4xl gap-6">
        {/* Keyed by the saved values, so the form starts again from them after each save. */}
        <BookingSettingsForm
          key={`${settings.bays}|${settings.notifyEmail}|${settings.cancelWindowHours}|${settings.reminderHours}`}
          settings={settings}
        />
        <ShopHoursForm
          key={JSON.stringify([
            settings.openingHours,
            settings.arrivalWindows,
            settings.leadMinutes,
            settings.daysAhead,
          ])}
          settings={settings}
        />
        <ClosedDatesPanel closedDates={closedDates} today={today} />
        <CalendarFeedPanel url={calendarFeedUrl} />
      </div>
    </>
  );
}
