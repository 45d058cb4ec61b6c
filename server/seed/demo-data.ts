import type { ServiceType } from "~/features/bookings/bookings.schema";
import type { NewCatalogueEntry } from "~/features/plans/plans.server";
import type { ClassPrices } from "~/features/pricing/pricing.schema";

/** A demo table's medium and large cells: [dollars, minutes] each, as a menu prints them. */
function classTable(medium: [number, number], large: [number, number]): ClassPrices {
  const cell = ([price, minutes]: [number, number]) => ({ priceCents: Math.round(price * 100), minutes });
  return { medium: cell(medium), large: cell(large) };
}

/**
 * The demo catalogue: what a small hand wash and quick-lube shop really sells. Three packages, each
 * for one service; the single services, the oils and the add-ons are priced on their own
 * (decision 048), so no job is sold at two prices.
 */
export const demoPackages: NewCatalogueEntry[] = [
  {
    kind: "package",
    name: "Express Exterior Wash",
    packageType: "economy",
    serviceType: "Hand Wash",
    price: 24.99,
    duration: "30 minutes",
    minutes: 30,
    classPrices: classTable([29.99, 40], [34.99, 45]),
    features: ["Hand wash and hand dry", "Wheel and tire clean", "Tire shine", "Exterior windows"],
  },
  {
    kind: "package",
    name: "Signature Wash & Wax",
    packageType: "standard",
    serviceType: "Hand Wash",
    price: 54.99,
    duration: "1 hour",
    minutes: 60,
    classPrices: classTable([59.99, 70], [64.99, 75]),
    features: [
      "Everything in Express",
      "Interior vacuum and wipe-down",
      "Spray wax with 4-week protection",
      "Door jambs cleaned",
      "Air freshener",
    ],
  },
  {
    kind: "package",
    name: "Platinum Full Detail",
    packageType: "premium",
    serviceType: "Full Detail",
    price: 189.99,
    duration: "4 hours",
    minutes: 240,
    classPrices: classTable([229.99, 270], [279.99, 300]),
    features: [
      "Everything in Signature",
      "Clay bar decontamination",
      "Hand-applied paint sealant",
      "Shampoo of seats and carpets",
      "Leather clean and condition",
      "Engine bay dressing",
    ],
  },
];

/** The single services' own prices and lengths (booked without a package), for each size class. */
export const demoServicePrices: {
  serviceType: ServiceType;
  price: number;
  minutes: number;
  classPrices: ClassPrices;
}[] = [
  { serviceType: "Hand Wash", price: 24.99, minutes: 30, classPrices: classTable([29.99, 40], [34.99, 45]) },
  { serviceType: "Interior Clean", price: 119.99, minutes: 120, classPrices: classTable([139.99, 135], [159.99, 150]) },
  { serviceType: "Wax", price: 39.99, minutes: 40, classPrices: classTable([44.99, 50], [49.99, 55]) },
  { serviceType: "Full Detail", price: 189.99, minutes: 240, classPrices: classTable([229.99, 270], [279.99, 300]) },
  // An oil change takes the same oil in a sedan and an SUV; a truck's takes more, and longer.
  { serviceType: "Oil Change", price: 44.99, minutes: 30, classPrices: classTable([44.99, 30], [59.99, 40]) },
  { serviceType: "Engine Clean", price: 49.99, minutes: 45, classPrices: classTable([59.99, 50], [69.99, 60]) },
];

/** The demo's extras: each with its price and minutes per class and the services it goes with (none: any). */
export const demoAddOns: {
  name: string;
  description: string;
  price: number;
  minutes: number;
  classPrices: ClassPrices;
  serviceTypes: ServiceType[];
  /** The demo packages (by name) that already include it. */
  includedIn?: string[];
}[] = [
  {
    name: "Pet hair removal",
    description: "Rubber-blade and vacuum work on every seat, mat and the trunk.",
    price: 30,
    minutes: 20,
    classPrices: classTable([35, 25], [45, 30]),
    serviceTypes: ["Interior Clean", "Full Detail", "Hand Wash"],
  },
  {
    // Lighter than the Engine Clean service (a degrease): a wipe-down and dressing with a wash.
    name: "Engine bay dressing",
    description: "Engine bay wiped down and its plastics and rubber dressed.",
    price: 25,
    minutes: 15,
    classPrices: classTable([25, 15], [30, 20]),
    serviceTypes: ["Hand Wash", "Full Detail", "Wax"],
    includedIn: ["Platinum Full Detail"],
  },
  {
    name: "Clay bar",
    description: "Lifts bonded grime so the paint feels glass-smooth.",
    price: 40,
    minutes: 30,
    classPrices: classTable([50, 40], [60, 45]),
    serviceTypes: ["Hand Wash", "Wax", "Full Detail"],
    includedIn: ["Platinum Full Detail"],
  },
  {
    name: "Headlight restoration",
    description: "Yellowed lenses sanded, polished clear and UV-sealed.",
    price: 50,
    minutes: 40,
    classPrices: classTable([50, 40], [50, 40]),
    serviceTypes: [],
  },
  {
    name: "Odor treatment",
    description: "Ozone treatment for smoke, pets and food smells.",
    price: 45,
    minutes: 30,
    classPrices: classTable([50, 30], [55, 35]),
    serviceTypes: ["Interior Clean", "Full Detail"],
  },
  {
    name: "Tire shine",
    description: "A satin dressing on all four tires.",
    price: 8,
    minutes: 5,
    classPrices: classTable([8, 5], [10, 5]),
    serviceTypes: ["Hand Wash", "Wax", "Full Detail"],
  },
  {
    name: "Cabin air filter",
    description: "A new cabin filter fitted with the oil change.",
    price: 35,
    minutes: 10,
    classPrices: classTable([35, 10], [35, 10]),
    serviceTypes: ["Oil Change"],
  },
  {
    name: "Wiper blades",
    description: "A new pair of front wiper blades, fitted.",
    price: 25,
    minutes: 5,
    classPrices: classTable([25, 5], [30, 5]),
    serviceTypes: ["Oil Change"],
  },
];

export const demoHotels: NewCatalogueEntry[] = [
  {
    kind: "hotel",
    hotelName: "Harborview Suites",
    hotelDescription: "Guests get a 10% discount on any detail; we collect and return cars to the front desk.",
    rating: 4.6,
    priceIndicator: "£££",
  },
  {
    kind: "hotel",
    hotelName: "The Maple Inn",
    hotelDescription: "A family-run inn two blocks away. Drop your car with us while you check in.",
    rating: 4.3,
    priceIndicator: "££",
  },
  {
    kind: "hotel",
    hotelName: "Grand Central Hotel",
    hotelDescription: "Valet guests can add an express wash to their stay at the concierge desk.",
    rating: 4.8,
    priceIndicator: "££££",
  },
];

/** Demo sign-ins, stated in the README and the start-up log. Turn seeding off for a real shop. */
export const demoAccounts = {
  admin: { name: "Alex Admin", email: "admin@example.com", password: "admin-demo-1234" },
  member: { name: "Morgan Member", email: "member@example.com", password: "member-demo-1234" },
} as const;

/** The demo member's visits, days from today (negative: past), for My Bookings to show. */
export const demoMemberBookings = [
  {
    inDays: 3,
    packageName: "Signature Wash & Wax",
    serviceType: "Hand Wash",
    packageSelection: "Standard",
    preferredTimeSlot: "11:00–13:00",
    durationMinutes: 60,
    status: "confirmed",
  },
  {
    inDays: 12,
    packageName: "Express Exterior Wash",
    serviceType: "Hand Wash",
    packageSelection: "Basic",
    preferredTimeSlot: "09:00–11:00",
    durationMinutes: 30,
    status: "pending",
  },
  {
    inDays: -9,
    packageName: "Platinum Full Detail",
    serviceType: "Full Detail",
    packageSelection: "Premium",
    preferredTimeSlot: "09:00–11:00",
    durationMinutes: 240,
    status: "confirmed",
  },
  {
    inDays: -30,
    packageName: null,
    serviceType: "Interior Clean",
    packageSelection: "None",
    preferredTimeSlot: "13:00–15:00",
    durationMinutes: 120,
    status: "confirmed",
  },
] as const;
