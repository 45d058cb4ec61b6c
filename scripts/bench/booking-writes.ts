import { request } from "./http";
import { bench, load, row, type Measured } from "./load";

/** The bookings the bench writes: the places it books into, the POST runs, and their report. */

/**
 * The (date, slot) places the booking cases spread over: every window of every day the site books,
 * from the day after tomorrow (ahead of "today" in any time zone) to the last. On a server the bench
 * started, on its fresh database, the shop first opens every day 08:00–18:00 with twelve 45-minute
 * windows, so that a 10 s run at a few hundred requests a second finds places enough (3 bays each)
 * within the year bookings may be made ahead, and BAYS places to each window (as the plain server);
 * a server at --url is measured as it is set up.
 */
/** Places in each window on the bench's own server: a crowded Saturday's four bays (issue 48). */
export const BAYS = 4;
/** The rush's requests in a row to one window: one more than it has places, so the last is refused. */
export const RUSH_PER_SLOT = BAYS + 1;

export async function bookingPlaces(admin: string): Promise<{ date: string; slot: string }[]> {
  const headers = { cookie: admin, "content-type": "application/json", origin: new URL(bench.base).origin };
  if (bench.ownServer) {
    const windows = Array.from({ length: 12 }, (_, i) => ({
      start: clock(8 * 60 + i * 45),
      end: clock(8 * 60 + (i + 1) * 45),
    }));
    const response = await request(`${bench.base}/api/booking-settings`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({
        openingHours: Array.from({ length: 7 }, () => ({ open: true, opens: "08:00", closes: "18:00" })),
        arrivalWindows: windows,
        leadMinutes: 0,
        daysAhead: 365,
        bays: BAYS,
      }),
    });
    if (!response.ok) console.error(`Could not open twelve windows a day: ${response.status} ${await response.text()}`);
  }
  const settings = (await (await request(`${bench.base}/api/booking-settings`, { headers })).json()) as {
    arrivalWindows: { start: string; end: string }[];
    daysAhead: number;
  };
  const slots = settings.arrivalWindows.map((w) => `${w.start}–${w.end}`);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const places: { date: string; slot: string }[] = [];
  for (let day = 2; day < settings.daysAhead; day++) {
    const date = new Date(today + day * 86_400_000).toISOString().slice(0, 10);
    for (const slot of slots) places.push({ date, slot });
  }
  return places;
}

/** "HH:MM" of minutes after midnight. */
export function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * POST /api/bookings over `places`, in order. "customers": each request a visitor's contact form
 * with an e-mail of its own, as a customer books (a request the business confirms: the customer's
 * e-mail, the business's notice and the reminder written with it); "one customer": the admin at the
 * counter booking one caller (known by their phone) again and again. perSlot 1: request n goes to
 * place n modulo their number, so a place's next request comes only after every other place had one
 * (never two in flight for one slot). perSlot RUSH_PER_SLOT: a rush, that many requests in a row to
 * each place, so the requests in flight together ask for the same window and day; each window's
 * last is refused as full (409), as is everything once every place has had its turn.
 */
export async function postBookings(
  admin: string,
  places: { date: string; slot: string }[],
  perSlot: number,
  who: "customers" | "one customer" = "customers",
  seconds?: number,
): Promise<Measured> {
  let sent = 0;
  const run = `${Date.now().toString(36)}`;
  const nextBooking = () => {
    const n = sent++;
    const place = places[(perSlot === 1 ? n : Math.floor(n / perSlot)) % places.length]!;
    const line = who === "one customer" ? 100 : 1000 + (n % 9000);
    const exchange = who === "one customer" ? 555 : 200 + Math.floor(n / 9000);
    return JSON.stringify({
      fullName: "Bench Customer",
      phone: `(212) ${exchange}-${line.toString().padStart(4, "0")}`,
      ...(who === "customers" ? { email: `bench-${run}-${n}@example.com` } : {}),
      vehicleType: "SUV",
      serviceType: "Hand Wash",
      preferredDate: place.date,
      preferredTimeSlot: place.slot,
    });
  };
  const post = await load({
    url: `${bench.base}/api/bookings`,
    ...(seconds ? { duration: seconds } : {}),
    // The request guard refuses a cookie-carrying write that names no origin (cross-site request forgery).
    headers: {
      ...(who === "one customer" ? { cookie: admin } : {}),
      "content-type": "application/json",
      origin: new URL(bench.base).origin,
    },
    requests: [
      {
        method: "POST",
        path: "/api/bookings",
        setupRequest: (request) => {
          const body = nextBooking();
          // Each visitor from an address of their own, as the proxy in front says (TRUST_PROXY=1).
          const from = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
          return { ...request, body, headers: { ...request.headers, "x-forwarded-for": from } };
        },
      },
    ],
  });
  return post;
}

/**
 * What a full window answers: one more request to `place` (full after a rush), its status and
 * message, so the bench shows the refusal is the specification's 409 and not a 5xx or a timeout.
 */
export async function refusalOf(place: { date: string; slot: string }): Promise<string> {
  const response = await request(`${bench.base}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(bench.base).origin },
    body: JSON.stringify({
      fullName: "Bench Customer",
      phone: "(212) 999-0000",
      email: `bench-refused-${Date.now()}@example.com`,
      vehicleType: "SUV",
      serviceType: "Hand Wash",
      preferredDate: place.date,
      preferredTimeSlot: place.slot,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string }; message?: string };
  return `${response.status} "${body.error?.message ?? body.message ?? ""}"`;
}

/** Prints one POST case's row and what its requests got. */
export function printPost(name: string, post: Measured, places: { date: string; slot: string }[], perSlot: number) {
  const created = post.statusCodes["201"] ?? 0;
  console.table({ [name]: row(post) });
  console.log(
    `POST: ${created} created (201), ${post.errors} errors or non-2xx ${JSON.stringify(post.statusCodes)}; ` +
      `${places.length} places from ${places[0]?.date} to ${places.at(-1)?.date}, ${perSlot} request${perSlot === 1 ? "" : "s"} per place in a row.\n`,
  );
}
