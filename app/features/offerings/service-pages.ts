import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SERVICES_WITH_PAGES, type Service } from "./service-catalogue";

/**
 * The copy of each service page, as messages of the catalog; read by loaders only, which give the
 * page its text in the page's language (servicePageIn), so it never ships as JavaScript.
 */
export interface ServicePageCopy<Text = MessageDescriptor> {
  /** Illustration of the page's hero (wide screens). */
  image: { src: string; alt: Text };
  /** Meta description and the page's lead paragraph. */
  intro: Text;
  duration: Text;
  included: Text[];
  goodFor: Text[];
  /** What to know before coming in. */
  notes: { question: Text; answer: Text }[];
}

const COPY: Record<string, ServicePageCopy> = {
  "hand-wash": {
    image: { src: "/images/hero-foam.svg", alt: msg`A red car covered in snow foam during a hand wash` },
    intro: msg`Every car that comes through our bay is washed by hand with the two-bucket method, pH-neutral shampoo and clean microfiber mitts, then dried with plush towels. Nothing touches your paint that could scratch it.`,
    duration: msg`30 minutes to 1 hour`,
    included: [
      msg`Pre-rinse and snow-foam soak to lift grit before anything touches the paint`,
      msg`Two-bucket hand wash with pH-neutral shampoo`,
      msg`Wheels, tires and wheel wells cleaned with separate brushes`,
      msg`Hand dry with microfiber towels, door shuts wiped`,
      msg`Exterior glass cleaned streak-free`,
      msg`Tire shine to finish`,
    ],
    goodFor: [
      msg`Weekly or every-other-week upkeep`,
      msg`Cars with ceramic coatings or fresh paint`,
      msg`Dark colors that show every swirl`,
    ],
    notes: [
      {
        question: msg`Do I need to book?`,
        answer: msg`Walk-ins are welcome when a bay is free, but a booked slot means no waiting, especially on Saturdays.`,
      },
      {
        question: msg`Is it safe for ceramic-coated cars?`,
        answer: msg`Yes. Our shampoo is pH-neutral and we never use brushes or harsh degreasers on paint.`,
      },
    ],
  },
  "interior-clean": {
    image: { src: "/images/green-sedan-after.svg", alt: msg`A spotless green sedan after a deep clean` },
    intro: msg`Crumbs in the seat rails, coffee on the carpet, a smell you have stopped noticing: our interior deep clean takes the cabin back to how it felt when it was new, with hot-water extraction and careful detailing of every surface you touch.`,
    duration: msg`About 2 hours`,
    included: [
      msg`Full vacuum, including under seats, seat rails and the trunk`,
      msg`Hot-water extraction of seats, carpets and floor mats`,
      msg`Dashboard, console, door cards and vents detailed and protected`,
      msg`Leather cleaned and conditioned`,
      msg`Headliner spot-cleaned`,
      msg`Interior glass and mirrors streak-free`,
      msg`Odor treatment for pets, smoke and food`,
    ],
    goodFor: [msg`Family cars and pet owners`, msg`Getting a car ready to sell`, msg`A fresh start after winter`],
    notes: [
      {
        question: msg`How long until the seats are dry?`,
        answer: msg`Usually 2 to 4 hours with the windows cracked; we run air movers before handing the car back.`,
      },
      {
        question: msg`Can you remove every stain?`,
        answer: msg`Most food, drink and mud stains come out completely. Old ink, dye transfer and bleach marks may only fade; we tell you before we start.`,
      },
    ],
  },
  "express-wax": {
    image: { src: "/images/hero-shine.svg", alt: msg`A freshly waxed blue car gleaming under the lights` },
    intro: msg`A layer of carnauba wax, applied by hand and buffed off by hand, gives your paint a deep, wet-looking gloss and makes water bead straight off. It also keeps road grime and bird droppings from bonding to the clear coat.`,
    duration: msg`About 40 minutes`,
    included: [
      msg`Hand wash and dry so the wax goes onto clean paint`,
      msg`Carnauba wax applied by hand, panel by panel`,
      msg`Buffed to a high gloss with clean microfiber`,
      msg`Exterior plastic and rubber trim protected`,
      msg`Tire shine`,
    ],
    goodFor: [
      msg`Between full details`,
      msg`Before winter salt or summer sun`,
      msg`Making a good car look its best for an event`,
    ],
    notes: [
      {
        question: msg`How long does the wax last?`,
        answer: msg`Six to eight weeks with normal washing. Automatic car washes with harsh soaps shorten that.`,
      },
      {
        question: msg`Wax or sealant?`,
        answer: msg`Wax gives the warmest gloss; the paint sealant in our Full Detail lasts around six months. Ask us which suits your car.`,
      },
    ],
  },
  "full-detail": {
    image: { src: "/images/red-sedan-after.svg", alt: msg`A red sedan glossy and clean after a full detail` },
    intro: msg`Our most complete service. We decontaminate and seal the paint, deep clean the interior and dress the engine bay, so the whole car looks and feels as close to showroom condition as its age allows. Plan to leave it with us for the morning.`,
    duration: msg`About 4 hours`,
    included: [
      msg`Snow foam, two-bucket hand wash and iron-fallout removal`,
      msg`Clay bar decontamination for glass-smooth paint`,
      msg`Hand-applied paint sealant with around 6 months of protection`,
      msg`Wheels cleaned inside the barrels, tires dressed`,
      msg`Seats and carpets shampooed, leather cleaned and conditioned`,
      msg`Dashboard, vents, console and door cards detailed`,
      msg`Engine bay cleaned and dressed`,
      msg`Glass inside and out`,
    ],
    goodFor: [
      msg`Twice a year, spring and fall`,
      msg`Before selling or returning a lease`,
      msg`Cars that have not been detailed in a long time`,
    ],
    notes: [
      {
        question: msg`Can I wait while you work?`,
        answer: msg`You can, in our lounge with coffee and Wi-Fi, but most customers drop the car off and we call when it is ready.`,
      },
      {
        question: msg`Does it include paint correction?`,
        answer: msg`No. Machine polishing to remove scratches is quoted separately after we have seen the paint.`,
      },
    ],
  },
  "oil-change": {
    image: { src: "/images/hero-lube.svg", alt: msg`A car on the lift for a quick oil change` },
    intro: msg`Drive in, have a coffee, drive out in about half an hour. We drain the old oil, fit a new filter, refill with the grade your manufacturer specifies and check the things that keep you safe on the road, then reset your service reminder.`,
    duration: msg`25 to 30 minutes`,
    included: [
      msg`Up to 5 quarts of conventional or full synthetic oil to your manufacturer's spec`,
      msg`New oil filter`,
      msg`Chassis lube where your car has grease points`,
      msg`Top-off of washer, coolant, brake and power-steering fluid`,
      msg`Tire pressures set, wiper blades and lights checked`,
      msg`Service reminder reset and a sticker with the next change due`,
    ],
    goodFor: [
      msg`Every 5,000 to 7,500 miles, or as your owner's manual says`,
      msg`Before a road trip`,
      msg`Keeping a warranty service record`,
    ],
    notes: [
      {
        question: msg`Which oil does my car need?`,
        answer: msg`We look it up by make, model and year and use the viscosity and approval your manufacturer lists.`,
      },
      {
        question: msg`Do you keep records for my warranty?`,
        answer: msg`Yes. You get an itemized receipt with the oil grade and filter part number.`,
      },
    ],
  },
};

export function findServicePage(slug: string | undefined): (Service & ServicePageCopy) | undefined {
  const service = SERVICES_WITH_PAGES.find((s) => s.slug === slug);
  const copy = slug ? COPY[slug] : undefined;
  return service && copy ? { ...service, ...copy } : undefined;
}

/** A service page's copy in the language of `i18n`, as the page shows it. */
export function servicePageIn(page: Service & ServicePageCopy, i18n: I18n) {
  const t = (text: MessageDescriptor) => i18n._(text);
  return {
    slug: page.slug,
    name: page.name,
    image: { src: page.image.src, alt: t(page.image.alt) },
    intro: t(page.intro),
    duration: t(page.duration),
    included: page.included.map(t),
    goodFor: page.goodFor.map(t),
    notes: page.notes.map((n) => ({ question: t(n.question), answer: t(n.answer) })),
  };
}
