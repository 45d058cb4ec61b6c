import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addOns, bookings } from "~/.server/db/schema";
import { newObjectId } from "~/lib/object-id";
import { as, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * POST /api/bookings/quote (issue 27, decision 030): the server prices a booking body from ids
 * alone, for the vehicle's size class, with its add-ons and WASH5; the booking stores what the
 * quote said. Every amount below was worked out by hand.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;

type Line = { kind: string; label: string; amount: number; minutes: number };
type Quote = {
  lines: Line[];
  total: number;
  discount: number;
  minutes: number;
  sizeClass: { id: string; name: string };
  confirmedAtShop: boolean;
};
type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The demo's three washes, each with some class cells of its own; the rest take the class's surcharge. */
const PACKAGES = {
  express: {
    name: "Express Exterior Wash",
    packageType: "economy",
    serviceType: "Hand Wash",
    priceCents: 2499,
    durationMinutes: 30,
    classPrices: { large: { priceCents: 3499 } },
  },
  signature: {
    name: "Signature Wash & Wax",
    packageType: "standard",
    serviceType: "Hand Wash",
    priceCents: 5499,
    durationMinutes: 60,
    classPrices: { medium: { priceCents: 6499, minutes: 75 } },
  },
  platinum: {
    name: "Platinum Full Detail",
    packageType: "premium",
    serviceType: "Full Detail",
    priceCents: 18999,
    durationMinutes: 240,
    classPrices: { medium: { priceCents: 22999, minutes: 270 }, large: { priceCents: 26999, minutes: 300 } },
  },
} as const;
type PackageKey = keyof typeof PACKAGES;
const planIds = {} as Record<PackageKey, string>;

/** [package, vehicle type, class, price, minutes] */
const CLASS_TABLE: [PackageKey, string, string, number, number][] = [
  ["express", "Car", "Small", 24.99, 30],
  // 24.99 + 20 % = 29.988 → 29.99; 30 + 15 minutes.
  ["express", "SUV", "Medium", 29.99, 45],
  // Its own Large price; 30 + 30 minutes.
  ["express", "Truck", "Large", 34.99, 60],
  ["signature", "Coupe", "Small", 54.99, 60],
  ["signature", "Minivan", "Medium", 64.99, 75],
  // 54.99 + 40 % = 76.986 → 76.99; 60 + 30 minutes.
  ["signature", "Truck", "Large", 76.99, 90],
  ["platinum", "Hatchback", "Small", 189.99, 240],
  ["platinum", "SUV", "Medium", 229.99, 270],
  ["platinum", "Truck", "Large", 269.99, 300],
];

/** Add-ons as the admin made them: own cells, the surcharge, only some services or one package, one inactive. */
const ADD_ONS = {
  petHair: {
    name: "Pet hair removal",
    priceCents: 3000,
    durationMinutes: 30,
    classPrices: { medium: { priceCents: 3500 }, large: { priceCents: 4500, minutes: 60 } },
    serviceTypes: ["Interior Clean", "Full Detail"],
  },
  engineBay: { name: "Engine bay clean", priceCents: 6000, durationMinutes: 30 },
  wipers: { name: "Wiper blades", priceCents: 1999, durationMinutes: 10, serviceTypes: ["Oil Change"] },
  clayBar: { name: "Clay bar", priceCents: 4000, durationMinutes: 30 },
  odor: { name: "Odor treatment", priceCents: 2500, durationMinutes: 20, active: false },
};
const addOnIds = {} as Record<keyof typeof ADD_ONS, string>;

let nextDay = 5;
let nextCustomer = 0;
/** A contact-form body on a day of its own, from an e-mail of its own; overrides win. */
const body = (overrides: Record<string, unknown> = {}) =>
  buildBookingRequest({
    email: `quote${++nextCustomer}@example.com`,
    preferredDate: inDays(nextDay++),
    ...overrides,
  });
/** A package as the contact form books it with the package chosen: by id, under its own service. */
const forPackage = (key: PackageKey, vehicleType: string, overrides: Record<string, unknown> = {}) =>
  body({ planId: planIds[key], serviceType: PACKAGES[key].serviceType, vehicleType, ...overrides });

const quote = <T = Quote>(sent: unknown) => t.json<T>("/api/bookings/quote", jsonPost(sent));
const book = (sent: unknown) => t.json<{ insertedId: string }>("/api/bookings", jsonPost(sent));
/** A booking as the admin's list reads it through the API (GET /api/bookings/{id} is the caller's own only). */
async function stored(id: string) {
  const { body: list } = await t.json<Record<string, unknown>[]>(`/api/bookings?q=${id.slice(-8)}`, as(admin));
  return { body: list.find((b) => b._id === id) };
}

beforeAll(async () => {
  admin = await signUpAdmin(t);
  const rows = await insertPlans(
    t.database.db,
    Object.values(PACKAGES).map(({ serviceType: _service, ...plan }) =>
      buildPlan({ ...plan, duration: `${plan.durationMinutes} minutes` }),
    ),
  );
  for (const [i, key] of (Object.keys(PACKAGES) as PackageKey[]).entries()) planIds[key] = rows[i]!.id;
  const { clayBar: _clay, ...rest } = ADD_ONS;
  const made = [
    ...Object.entries(rest).map(([key, row]) => ({ key, row: { id: newObjectId(), ...row } })),
    // The clay bar goes with the Signature package only.
    { key: "clayBar", row: { id: newObjectId(), ...ADD_ONS.clayBar, planIds: [planIds.signature] } },
  ];
  await t.database.db.insert(addOns).values(made.map((m) => m.row));
  for (const { key, row } of made) addOnIds[key as keyof typeof ADD_ONS] = row.id;
});

describe("a quote for each class", () => {
  it.each(CLASS_TABLE)("%s for a %s: %s, $%d, %i minutes", async (key, vehicleType, className, price, minutes) => {
    const { status, body: answer } = await quote(forPackage(key, vehicleType));
    expect(status).toBe(200);
    expect(answer).toEqual({
      lines: [{ kind: "package", label: `${PACKAGES[key].name} (${className})`, amount: price, minutes }],
      total: price,
      discount: 0,
      minutes,
      sizeClass: { id: className.toLowerCase(), name: className },
      confirmedAtShop: false,
    });
  });

  it("prices Other as Medium, confirmed at the shop", async () => {
    const { body: answer } = await quote(forPackage("platinum", "Other"));
    expect(answer).toMatchObject({
      lines: [{ kind: "package", label: "Platinum Full Detail (Medium)", amount: 229.99, minutes: 270 }],
      total: 229.99,
      sizeClass: { id: "medium", name: "Medium" },
      confirmedAtShop: true,
    });
  });

  it("adds each add-on for the class, and WASH5 off the visit's total", async () => {
    const { body: answer } = await quote(
      forPackage("platinum", "Truck", { addOns: [addOnIds.petHair, addOnIds.engineBay], promoCode: "wash5" }),
    );
    // 269.99 + 45.00 (its own Large cell) + 84.00 (60.00 + 40 %) = 398.99; 5 % = 19.9495 → 19.95.
    expect(answer).toEqual({
      lines: [
        { kind: "package", label: "Platinum Full Detail (Large)", amount: 269.99, minutes: 300 },
        { kind: "add-on", label: "Pet hair removal", amount: 45, minutes: 60 },
        { kind: "add-on", label: "Engine bay clean", amount: 84, minutes: 60 },
        { kind: "promo", label: "WASH5 (5% off)", amount: -19.95, minutes: 0 },
      ],
      total: 379.04,
      discount: 19.95,
      minutes: 420,
      sizeClass: { id: "large", name: "Large" },
      confirmedAtShop: false,
    });
  });

  it("prices a single service without a package, add-ons and WASH5 included", async () => {
    const { status, body: answer } = await quote(
      body({ serviceType: "Hand Wash", vehicleType: "SUV", addOns: [addOnIds.engineBay], promoCode: "WASH5" }),
    );
    expect(status).toBe(200);
    // 24.99 + 20 % = 29.99; 60.00 + 20 % = 72.00; 101.99 × 5 % = 5.0995 → 5.10.
    expect(answer).toMatchObject({
      lines: [
        { kind: "service", label: "Hand Wash (Medium)", amount: 29.99, minutes: 45 },
        { kind: "add-on", label: "Engine bay clean", amount: 72, minutes: 45 },
        { kind: "promo", label: "WASH5 (5% off)", amount: -5.1, minutes: 0 },
      ],
      total: 96.89,
      discount: 5.1,
      minutes: 90,
    });
  });
});

describe("add-ons that cannot be had", () => {
  it("refuses an add-on that does not go with the service, and says so", async () => {
    const { status, body: answer } = await quote<Refusal>(
      body({ serviceType: "Hand Wash", addOns: [addOnIds.wipers] }),
    );
    expect(status).toBe(400);
    const message = "Wiper blades doesn't go with Hand Wash.";
    expect(answer).toEqual({ error: { code: "validation_failed", message, fields: { addOns: message } } });
  });

  it("takes an add-on of one package only with that package", async () => {
    const alone = await quote<Refusal>(body({ serviceType: "Hand Wash", addOns: [addOnIds.clayBar] }));
    expect(alone.status).toBe(400);
    expect(alone.body.error.message).toBe("Clay bar doesn't go with Hand Wash.");
    const withIt = await quote(forPackage("signature", "Car", { addOns: [addOnIds.clayBar] }));
    expect(withIt.status).toBe(200);
    expect(withIt.body.lines.at(-1)).toEqual({ kind: "add-on", label: "Clay bar", amount: 40, minutes: 30 });
  });

  it("refuses an inactive add-on and an unknown one as no longer offered", async () => {
    for (const id of [addOnIds.odor, newObjectId()]) {
      const { status, body: answer } = await quote<Refusal>(body({ addOns: [id] }));
      expect(status).toBe(400);
      expect(answer.error).toMatchObject({
        message: "That add-on is no longer offered.",
        fields: { addOns: "That add-on is no longer offered." },
      });
    }
  });

  it("refuses a booking with an add-on that does not go with it, and stores nothing", async () => {
    const sent = body({ serviceType: "Hand Wash", addOns: [addOnIds.wipers] });
    const { status, body: answer } = await book(sent);
    expect(status).toBe(400);
    expect((answer as unknown as Refusal).error.fields).toEqual({ addOns: "Wiper blades doesn't go with Hand Wash." });
    expect(await t.database.db.$count(bookings, eq(bookings.email, sent.email!))).toBe(0);
  });
});

describe("the server's prices, not the client's", () => {
  const clientSays = {
    packagePrice: 1,
    finalPrice: 1,
    total: 0.5,
    minutes: 5,
    discount: 180,
    lines: [{ label: "Platinum Full Detail (Small)", amount: 1, minutes: 5 }],
  };

  it("ignores any price, length, total or line a quote's body carries", async () => {
    const plain = await quote(forPackage("platinum", "SUV", { addOns: [addOnIds.petHair] }));
    const tampered = await quote(forPackage("platinum", "SUV", { addOns: [addOnIds.petHair], ...clientSays }));
    expect(tampered.status).toBe(200);
    expect(tampered.body).toEqual(plain.body);
    expect(tampered.body).toMatchObject({ total: 264.99, minutes: 315 });
  });

  it("refuses a booking that carries them, as the strict booking body does", async () => {
    const sent = forPackage("platinum", "SUV", clientSays);
    const { status, body: answer } = await book(sent);
    expect(status).toBe(400);
    expect(answer).toEqual({
      error: {
        code: "validation_failed",
        message: "Please check the highlighted fields.",
        fields: { _: 'Unrecognized keys: "packagePrice", "finalPrice", "total", "minutes", "discount", "lines"' },
      },
    });
    expect(await t.database.db.$count(bookings, eq(bookings.email, sent.email!))).toBe(0);
  });
});

describe("the booking keeps what the quote said", () => {
  it("stores the quote's lines, total and length", async () => {
    const sent = forPackage("platinum", "Truck", {
      addOns: [addOnIds.petHair, addOnIds.engineBay],
      promoCode: "WASH5",
    });
    const { body: quoted } = await quote(sent);
    const { status, body: created } = await book(sent);
    expect(status).toBe(201);
    const { body: booking } = await stored(created.insertedId);
    expect(booking).toMatchObject({
      lines: quoted.lines.map(({ label, amount }) => ({ label, amount })),
      total: quoted.total,
      minutes: quoted.minutes,
      sizeClass: "large",
      addOns: [addOnIds.petHair, addOnIds.engineBay],
      packageName: "Platinum Full Detail",
      packagePrice: 269.99,
      promoCode: "WASH5",
      discount: 19.95,
      finalPrice: 379.04,
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, created.insertedId));
    expect(row!.durationMinutes).toBe(420);
  });

  it("gives a single service without a package its price: lines and total", async () => {
    const sent = body({ serviceType: "Hand Wash", vehicleType: "SUV" });
    const { body: quoted } = await quote(sent);
    const { status, body: created } = await book(sent);
    expect(status).toBe(201);
    expect((await stored(created.insertedId)).body).toMatchObject({
      lines: [{ label: "Hand Wash (Medium)", amount: 29.99 }],
      total: 29.99,
      minutes: 45,
      finalPrice: 29.99,
      // No package: the specification's "Package", with no package price.
      packageName: "Package",
      packagePrice: null,
    });
    expect(quoted).toMatchObject({ total: 29.99, minutes: 45 });
  });

  it("gives WASH5 once per customer: a second booking with it is refused", async () => {
    const email = "wash5-once@example.com";
    const first = await book(body({ email, serviceType: "Hand Wash", promoCode: "WASH5" }));
    expect(first.status).toBe(201);
    expect((await stored(first.body.insertedId)).body).toMatchObject({ discount: 1.25, total: 23.74 });
    const second = await book(forPackage("platinum", "Car", { email, promoCode: "WASH5" }));
    expect(second.status).toBe(400);
    expect((second.body as unknown as Refusal).error.fields).toEqual({
      promoCode: "This code can't be applied to this booking.",
    });
    // Without the code the same customer books at the full price.
    const third = await book(forPackage("platinum", "Car", { email }));
    expect(third.status).toBe(201);
    expect((await stored(third.body.insertedId)).body).toMatchObject({ discount: 0, total: 189.99 });
  });
});
