import { SERVICES_WITH_PAGES, type Service } from "./service-catalogue";

/** The copy of each service page; read by loaders only, so it never ships as JavaScript. */
export interface ServicePageCopy {
  /** Illustration of the page's hero (wide screens). */
  image: { src: string; alt: string };
  /** Meta description and the page's lead paragraph. */
  intro: string;
  duration: string;
  included: string[];
  goodFor: string[];
  /** What to know before coming in. */
  notes: { question: string; answer: string }[];
}

const COPY: Record<string, ServicePageCopy> = {
  "hand-wash": {
    image: { src: "/images/hero-foam.svg", alt: "A red car covered in snow foam during a hand wash" },
    intro:
      "Every car that comes through our bay is washed by hand with the two-bucket method, pH-neutral shampoo and clean microfiber mitts, then dried with plush towels. Nothing touches your paint that could scratch it.",
    duration: "30 minutes to 1 hour",
    included: [
      "Pre-rinse and snow-foam soak to lift grit before anything touches the paint",
      "Two-bucket hand wash with pH-neutral shampoo",
      "Wheels, tires and wheel wells cleaned with separate brushes",
      "Hand dry with microfiber towels, door shuts wiped",
      "Exterior glass cleaned streak-free",
      "Tire shine to finish",
    ],
    goodFor: [
      "Weekly or every-other-week upkeep",
      "Cars with ceramic coatings or fresh paint",
      "Dark colors that show every swirl",
    ],
    notes: [
      {
        question: "Do I need to book?",
        answer: "Walk-ins are welcome when a bay is free, but a booked slot means no waiting, especially on Saturdays.",
      },
      {
        question: "Is it safe for ceramic-coated cars?",
        answer: "Yes. Our shampoo is pH-neutral and we never use brushes or harsh degreasers on paint.",
      },
    ],
  },
  "interior-clean": {
    image: { src: "/images/green-sedan-after.svg", alt: "A spotless green sedan after a deep clean" },
    intro:
      "Crumbs in the seat rails, coffee on the carpet, a smell you have stopped noticing: our interior deep clean takes the cabin back to how it felt when it was new, with hot-water extraction and careful detailing of every surface you touch.",
    duration: "About 2 hours",
    included: [
      "Full vacuum, including under seats, seat rails and the trunk",
      "Hot-water extraction of seats, carpets and floor mats",
      "Dashboard, console, door cards and vents detailed and protected",
      "Leather cleaned and conditioned",
      "Headliner spot-cleaned",
      "Interior glass and mirrors streak-free",
      "Odor treatment for pets, smoke and food",
    ],
    goodFor: ["Family cars and pet owners", "Getting a car ready to sell", "A fresh start after winter"],
    notes: [
      {
        question: "How long until the seats are dry?",
        answer: "Usually 2 to 4 hours with the windows cracked; we run air movers before handing the car back.",
      },
      {
        question: "Can you remove every stain?",
        answer:
          "Most food, drink and mud stains come out completely. Old ink, dye transfer and bleach marks may only fade; we tell you before we start.",
      },
    ],
  },
  "express-wax": {
    image: { src: "/images/hero-shine.svg", alt: "A freshly waxed blue car gleaming under the lights" },
    intro:
      "A layer of carnauba wax, applied by hand and buffed off by hand, gives your paint a deep, wet-looking gloss and makes water bead straight off. It also keeps road grime and bird droppings from bonding to the clear coat.",
    duration: "About 40 minutes",
    included: [
      "Hand wash and dry so the wax goes onto clean paint",
      "Carnauba wax applied by hand, panel by panel",
      "Buffed to a high gloss with clean microfiber",
      "Exterior plastic and rubber trim protected",
      "Tire shine",
    ],
    goodFor: [
      "Between full details",
      "Before winter salt or summer sun",
      "Making a good car look its best for an event",
    ],
    notes: [
      {
        question: "How long does the wax last?",
        answer: "Six to eight weeks with normal washing. Automatic car washes with harsh soaps shorten that.",
      },
      {
        question: "Wax or sealant?",
        answer:
          "Wax gives the warmest gloss; the paint sealant in our Full Detail lasts around six months. Ask us which suits your car.",
      },
    ],
  },
  "full-detail": {
    image: { src: "/images/red-sedan-after.svg", alt: "A red sedan glossy and clean after a full detail" },
    intro:
      "Our most complete service. We decontaminate and seal the paint, deep clean the interior and dress the engine bay, so the whole car looks and feels as close to showroom condition as its age allows. Plan to leave it with us for the morning.",
    duration: "About 4 hours",
    included: [
      "Snow foam, two-bucket hand wash and iron-fallout removal",
      "Clay bar decontamination for glass-smooth paint",
      "Hand-applied paint sealant with around 6 months of protection",
      "Wheels cleaned inside the barrels, tires dressed",
      "Seats and carpets shampooed, leather cleaned and conditioned",
      "Dashboard, vents, console and door cards detailed",
      "Engine bay cleaned and dressed",
      "Glass inside and out",
    ],
    goodFor: [
      "Twice a year, spring and fall",
      "Before selling or returning a lease",
      "Cars that have not been detailed in a long time",
    ],
    notes: [
      {
        question: "Can I wait while you work?",
        answer:
          "You can, in our lounge with coffee and Wi-Fi, but most customers drop the car off and we call when it is ready.",
      },
      {
        question: "Does it include paint correction?",
        answer: "No. Machine polishing to remove scratches is quoted separately after we have seen the paint.",
      },
    ],
  },
  "oil-change": {
    image: { src: "/images/hero-lube.svg", alt: "A car on the lift for a quick oil change" },
    intro:
      "Drive in, have a coffee, drive out in about half an hour. We drain the old oil, fit a new filter, refill with the grade your manufacturer specifies and check the things that keep you safe on the road, then reset your service reminder.",
    duration: "25 to 30 minutes",
    included: [
      "Up to 5 quarts of conventional or full synthetic oil to your manufacturer's spec",
      "New oil filter",
      "Chassis lube where your car has grease points",
      "Top-off of washer, coolant, brake and power-steering fluid",
      "Tire pressures set, wiper blades and lights checked",
      "Service reminder reset and a sticker with the next change due",
    ],
    goodFor: [
      "Every 5,000 to 7,500 miles, or as your owner's manual says",
      "Before a road trip",
      "Keeping a warranty service record",
    ],
    notes: [
      {
        question: "Which oil does my car need?",
        answer: "We look it up by make, model and year and use the viscosity and approval your manufacturer lists.",
      },
      {
        question: "Do you keep records for my warranty?",
        answer: "Yes. You get an itemized receipt with the oil grade and filter part number.",
      },
    ],
  },
};

export function findServicePage(slug: string | undefined): (Service & ServicePageCopy) | undefined {
  const service = SERVICES_WITH_PAGES.find((s) => s.slug === slug);
  const copy = slug ? COPY[slug] : undefined;
  return service && copy ? { ...service, ...copy } : undefined;
}
