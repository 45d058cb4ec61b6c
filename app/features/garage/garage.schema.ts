import { z } from "zod";
import { textField } from "~/lib/text-field";
import { VEHICLE_TYPES } from "~/features/bookings/bookings.schema";

/**
 * The customer's garage: a signed-in member's vehicles, theirs alone (GET/POST /api/vehicles,
 * PATCH/DELETE /api/vehicles/{id}). Only the type is required; the rest names the car at the
 * counter ("Silver Honda CR-V") and fills the booking forms.
 */

export const vehicleSchema = z.object({
  _id: z.string(),
  nickname: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  year: z.number().int().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
  plate: z.string(),
  name: z.string().describe('how screens name it: "Silver Honda CR-V", its nickname, or its type'),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const text = (max: number) => textField().trim().max(max, `At most ${max} characters`);

/** The latest model year taken: a number, or a function read at each parse (the API's schema outlives the year). */
export type MaxYear = number | (() => number);

/** Each field as a member writes it, without defaults: a change (PATCH) names only what it changes. */
function vehicleFields({ maxYear }: { maxYear: MaxYear }) {
  const latest = () => (typeof maxYear === "function" ? maxYear() : maxYear);
  return {
    nickname: text(40),
    make: text(40),
    model: text(40),
    color: text(30),
    year: z
      .number({ message: "Enter a year such as 2019" })
      .int("Enter a year such as 2019")
      .min(1980, "Year must be 1980 or newer")
      .refine((year) => year <= latest(), { error: () => `Year must be ≤ ${latest()}` })
      .nullable(),
    vehicleType: z.enum(VEHICLE_TYPES, { message: "Select vehicle type" }),
    plate: textField()
      .trim()
      .max(15, "At most 15 characters")
      .regex(/^[A-Za-z0-9 \-·]*$/, "Use letters, digits, spaces and dashes")
      .transform((plate) => plate.toUpperCase()),
  };
}

/** A vehicle as a member writes it (POST). */
export function vehicleInputSchema(options: { maxYear: MaxYear }) {
  const fields = vehicleFields(options);
  return z
    .object({
      nickname: fields.nickname.default(""),
      make: fields.make.default(""),
      model: fields.model.default(""),
      color: fields.color.default(""),
      year: fields.year.default(null),
      vehicleType: fields.vehicleType,
      plate: fields.plate.default(""),
    })
    .strict();
}
export type VehicleInput = z.output<ReturnType<typeof vehicleInputSchema>>;

/** A change of a vehicle (PATCH): any of its fields, and only those sent are changed. */
export function vehicleChangesSchema(options: { maxYear: MaxYear }) {
  return z.object(vehicleFields(options)).partial().strict();
}
export type VehicleChanges = z.output<ReturnType<typeof vehicleChangesSchema>>;

/** The latest model year a vehicle may have: next year's models are on sale (as the booking forms). */
export const latestModelYear = (today: string) => Number(today.slice(0, 4)) + 1;

/** How many vehicles one member keeps: a household's, with room to spare. */
export const GARAGE_MAX = 20;
/** Why one more is refused (the API's 409), and what the page says when the garage is full. */
export const GARAGE_FULL = `You can keep up to ${GARAGE_MAX} vehicles. Remove one to add another.`;

/**
 * How screens name a vehicle: colour, make and model ("Silver Honda CR-V"), else its nickname,
 * else its type. A booking's own vehicle (a guest's make and model) is named the same way.
 */
export function vehicleName(vehicle: {
  nickname?: string;
  make?: string;
  model?: string;
  color?: string;
  vehicleType: string;
}): string {
  const described = [vehicle.color, vehicle.make, vehicle.model].map((part) => part?.trim()).filter(Boolean);
  if (vehicle.make?.trim() || vehicle.model?.trim()) return described.join(" ");
  return vehicle.nickname?.trim() || vehicle.vehicleType;
}

/** "Car" → "car", "Pickup truck" → "pickup truck", "SUV" stays, "Other" → "vehicle": in the middle of a sentence. */
export function vehicleInSentence(type: string): string {
  if (/^other$/i.test(type.trim())) return "vehicle";
  return type.replace(/\S+/g, (word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
}

/** A vehicle's name with its type (unless the name is the type) and year beside it: "Work van (Minivan, 2019)". */
export function withTypeAndYear(name: string, vehicleType: string, year: number | null): string {
  const more = [name === vehicleType ? null : vehicleType, year].filter((part) => part !== null && part !== "");
  return more.length ? `${name} (${more.join(", ")})` : name;
}
