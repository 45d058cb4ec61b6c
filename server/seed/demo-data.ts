import type { NewCatalogueEntry } from "~/features/plans/plans.server";

/** The demo catalogue: what a small hand wash and quick-lube shop really sells. */
export const demoPackages: NewCatalogueEntry[] = [
  {
    kind: "package",
    name: "Express Exterior Wash",
    packageType: "economy",
    price: 24.99,
    duration: "30 minutes",
    minutes: 30,
    features: ["Hand wash and hand dry", "Wheel and tire clean", "Tire shine", "Exterior windows"],
  },
  {
    kind: "package",
    name: "Signature Wash & Wax",
    packageType: "standard",
    price: 54.99,
    duration: "1 hour",
    minutes: 60,
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
    price: 189.99,
    duration: "4 hours",
    minutes: 240,
    features: [
      "Everything in Signature",
      "Clay bar decontamination",
      "Hand-applied paint sealant",
      "Shampoo of seats and carpets",
      "Leather clean and condition",
      "Engine bay dressing",
    ],
  },
  {
    kind: "package",
    name: "Full Synthetic Oil Change",
    packageType: "services",
    price: 79.99,
    duration: "30 minutes",
    minutes: 30,
    features: ["Up to 5 quarts full synthetic oil", "New oil filter", "Fluid top-off", "Tire pressure check"],
  },
  {
    kind: "package",
    name: "Quick Lube & Conventional Oil",
    packageType: "services",
    price: 44.99,
    duration: "25 minutes",
    minutes: 25,
    features: ["Up to 5 quarts conventional oil", "New oil filter", "Chassis lube where fitted", "Wiper blade check"],
  },
  {
    kind: "package",
    // The single services are named as the catalogue names them (app/features/offerings/service-catalogue.ts).
    name: "Engine Clean",
    packageType: "services",
    price: 49.99,
    duration: "45 minutes",
    minutes: 45,
    features: ["Safe low-pressure degrease", "Hand agitation of grime", "Plastic and rubber dressing"],
  },
  {
    kind: "package",
    name: "Interior Clean",
    packageType: "services",
    price: 119.99,
    duration: "2 hours",
    minutes: 120,
    features: [
      "Hot-water seat and carpet extraction",
      "Headliner spot clean",
      "Vents and console detailed",
      "Odor treatment",
    ],
  },
  {
    kind: "package",
    name: "Wax",
    packageType: "services",
    price: 39.99,
    duration: "40 minutes",
    minutes: 40,
    features: ["Carnauba hand wax", "Up to 8 weeks of shine", "Trim protectant"],
  },
  {
    kind: "package",
    name: "Headlight Restoration",
    packageType: "services",
    price: 59.99,
    duration: "1 hour",
    minutes: 60,
    features: ["Wet sanding of yellowed lenses", "Polish to clear", "UV-protective coat"],
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
