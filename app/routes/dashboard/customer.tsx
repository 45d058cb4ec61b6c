import { data, Link } from "react-router";
import type { Route } from "./+types/customer";
import { buttonClass } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { displayStatus, type Booking } from "~/features/bookings/bookings.schema";
import { STAGE_LABELS } from "~/features/bookings/visit-stages";
import { bookingVehicleName, isPriced } from "~/features/bookings/visit-summary";
import { bookingReference, dateWithYear, momentText, serviceText, visitWindow } from "~/features/bookings/visit-text";
import { MembershipSummary } from "~/features/club/membership-summary";
import { CustomerNotes } from "~/features/customers/customer-notes";
import { customerDay } from "~/features/customers/customer-table";
import { requirePage } from "~/features/users/page-access.server";
import { useCan } from "~/lib/use-can";
import { isAppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { formatPrice } from "~/lib/money";
import { displayPhone } from "~/lib/phone";
import { telHref } from "~/lib/site-config";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/customers/:id");
  const { services, site } = args.context;
  try {
    const today = businessToday(site.timeZone);
    const detail = await services.customers.detail(actor, args.params.id, today);
    const club = await services.club.memberships.ofCustomer(actor, detail.customer, today);
    return { ...detail, club, siteName: site.name, timeZone: site.timeZone };
  } catch (error) {
    if (isAppError(error, "not_found")) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.customer.fullName || "Customer"} | Customers | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const card = "rounded-xl border border-slate-200 bg-white p-5";

/** The counter's booking form with the customer's name, phone and e-mail filled in. */
function newBookingPath({ fullName, phone, email }: { fullName: string; phone: string; email: string }) {
  const filled = Object.entries({ fullName, phone, email }).filter(([, value]) => value);
  return `/dashboard/manageBooking/new?${new URLSearchParams(filled)}`;
}

/** One booking in a customer's list: when, what, for how much, where it stands; its reference opens it. */
function BookingLine({ booking }: { booking: Booking }) {
  const reference = bookingReference(booking._id);
  return (
    <li className="py-2.5">
      <p className="font-semibold text-slate-900">
        {dateWithYear(booking.preferredDate)} · {visitWindow(booking)}
        {/* Manage Bookings finds it by its reference and opens its details, as Activity's links do. */}
        <Link
          to={`/dashboard/manageBooking?open=${booking._id}`}
          aria-label={`Booking #${reference}`}
          className="ml-2 font-mono text-xs font-normal text-brand-800 underline underline-offset-2"
        >
          #{reference}
        </Link>
      </p>
      <p className="text-sm text-slate-700">
        {serviceText(booking)} · {bookingVehicleName(booking)}
        {isPriced(booking) && ` · ${formatPrice(booking.total)}`} · {displayStatus(booking.status)}
        {booking.visitStage && `, ${STAGE_LABELS[booking.visitStage]}`}
      </p>
    </li>
  );
}

function BookingList({ title, bookings, empty }: { title: string; bookings: Booking[]; empty: string }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200">
          {bookings.map((b) => (
            <BookingLine key={b._id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Dashboard → Customers → one customer: their figures, vehicles, bookings, reviews, messages and notes. */
export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { customer, vehicles, upcoming, past, reviews, messages, notes, club, timeZone } = loaderData;
  const mayList = useCan("customers");
  const figures: [string, string | number][] = [
    ["Visits", customer.visits],
    ["Last visit", customerDay(customer.lastVisit)],
    ["Total spent", formatPrice(customer.spent)],
    ["Bookings", customer.bookings],
    ["Cancellations", customer.cancellations],
    ["No-shows", customer.noShows],
  ];
  return (
    <>
      {mayList && (
        <p className="text-sm">
          <Link to="/dashboard/customers" className="text-brand-800 underline underline-offset-2">
            ← Customers
          </Link>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{customer.fullName || "(no name)"}</h1>
          <p className="mt-1 text-slate-700">
            {customer.email ? <EmailAddress email={customer.email} /> : "No e-mail"}
            {customer.phone && (
              <>
                {" · "}
                <a
                  href={telHref(customer.phone)}
                  className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2"
                >
                  {displayPhone(customer.phone)}
                </a>
              </>
            )}
            {customer.account ? " · Has an account" : " · Guest"}
          </p>
        </div>
        <Link to={newBookingPath(customer)} className={buttonClass()}>
          New booking
        </Link>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-semibold text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          {club.length > 0 && <MembershipSummary memberships={club} className={card} />}
          <section aria-labelledby="vehicles-heading" className={card}>
            <h2 id="vehicles-heading" className="text-lg font-bold text-slate-900">
              Vehicles
            </h2>
            {vehicles.length === 0 && <p className="mt-2 text-sm text-slate-600">No vehicle booked yet.</p>}
            {vehicles.map((v) => (
              <div key={`${v.label}-${v.plate}-${v.lastBooked}`} className="mt-3 border-t border-slate-200 pt-3">
                <p className="font-semibold text-slate-900">
                  {v.label}
                  {v.plate && <span className="ml-2 font-mono text-sm text-slate-700">{v.plate}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {v.vehicleType} · {v.bookings === 1 ? "1 booking" : `${v.bookings} bookings`}, last{" "}
                  {customerDay(v.lastBooked)}
                </p>
                {v.records.length > 0 && (
                  <ul aria-label={`Oil changes of the ${v.label}`} className="mt-2 text-sm text-slate-700">
                    {v.records.map((r) => (
                      <li key={r.servicedOn + r.odometer}>
                        Oil change {customerDay(r.servicedOn)} at {r.odometer.toLocaleString("en-US")} mi ({r.oilName}
                        ); next due {customerDay(r.nextDueDate)} or {r.nextDueMileage.toLocaleString("en-US")} mi
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </section>
          <BookingList title="Upcoming bookings" bookings={upcoming} empty="Nothing booked ahead." />
          <BookingList title="Past bookings" bookings={past} empty="No past bookings." />
        </div>
        <div className="grid content-start gap-6">
          <CustomerNotes customerId={customer.id} notes={notes} timeZone={timeZone} />
          <section aria-labelledby="reviews-heading" className={card}>
            <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
              Reviews
            </h2>
            {reviews.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No reviews written.</p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-200">
                {reviews.map((r) => (
                  <li key={r._id} className="py-2.5 text-sm">
                    <p className="font-semibold text-slate-900">
                      {r.rating} of 5 · {r.serviceLabel} · {r.status}
                    </p>
                    {r.comment && <p className="break-words text-slate-700">“{r.comment}”</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="messages-heading" className={card}>
            <h2 id="messages-heading" className="text-lg font-bold text-slate-900">
              Messages sent
            </h2>
            {messages.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">
                {customer.email ? "No e-mails sent to this address." : "No e-mail address: nothing sent."}
              </p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-200">
                {messages.map((m) => (
                  <li key={m._id} className="py-2 text-sm">
                    <p className="text-slate-900">{m.subject}</p>
                    <p className="text-xs text-slate-600">
                      {momentText(m.createdAt, timeZone)} · {m.state}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
