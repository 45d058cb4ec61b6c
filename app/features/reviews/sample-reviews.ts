/**
 * The specification's static sample reviews (name, role, rating 1–5, quote, avatar:
 * docs/specification-quirks.md §12): demo content, shown only while no real review is published
 * (shown-reviews.ts), and never counted in a rating.
 */
export interface Review {
  name: string;
  role: string;
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
  /** Avatar colour; the avatar shows the reviewer's initials (no photos of real people). */
  avatar: string;
}

export const SAMPLE_REVIEWS: readonly Review[] = [
  {
    name: "Maria Gonzalez",
    role: "Commuter, Honda Civic",
    rating: 5,
    quote:
      "Booked the Signature on my lunch break and they had it back in under an hour. The paint looks better than when I bought it.",
    avatar: "#be123c",
  },
  {
    name: "James Carter",
    role: "Rideshare driver",
    rating: 5,
    quote:
      "I need the car spotless every week. These guys are fast, careful with the leather, and the oil change while I wait is a lifesaver.",
    avatar: "#1d4ed8",
  },
  {
    name: "Priya Nair",
    role: "Mom of three, Toyota Sienna",
    rating: 4,
    quote:
      "The interior deep clean got out juice stains I had given up on. Only wish the Saturday slots weren't so popular!",
    avatar: "#047857",
  },
  {
    name: "Tom Becker",
    role: "Classic car owner",
    rating: 5,
    quote:
      "I don't let just anyone near my '72 Mustang. Proper two-bucket hand wash, no brushes, and they dried it by hand. Trusted.",
    avatar: "#7c3aed",
  },
  {
    name: "Aisha Bello",
    role: "Small business owner",
    rating: 5,
    quote:
      "We bring our three delivery vans in every month. Honest prices, on time, and they tell you straight if something needs a mechanic.",
    avatar: "#b45309",
  },
  {
    name: "Daniel Kim",
    role: "New driver",
    rating: 4,
    quote:
      "First oil change on my own and they explained everything without upselling me. Used the WASH5 code and saved 5% on my first wash.",
    avatar: "#0e7490",
  },
];

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
