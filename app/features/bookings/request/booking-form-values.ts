import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { bookingRequestSchema, type ServiceType } from "../bookings.schema";
import type { Role } from "~/lib/roles";

/** The booking form's values, and what its sections (vehicle-, service-, day- and summary-section.tsx) share. */

export interface BookingAccount {
  email: string;
  name: string;
  /** An admin's bookings list is everyone's: only a member's last booking fills the form. */
  role?: Role;
}

export interface BookedPackage {
  _id: string;
  name: string;
  price: number | null;
  minutes?: number;
  /** The service the package is for, chosen for the customer when known. */
  serviceType?: ServiceType;
}

/** The request's schema as the form checks it. */
export function bookingFormSchema(today: string, requireEmail: boolean) {
  const request = bookingRequestSchema({ today, requireEmail });
  // "Another vehicle" is the saved vehicles' empty choice: no vehicle id then.
  // An oil not chosen (any other service) is none.
  return request.extend({
    vehicleId: z.preprocess((v) => (v === "" ? undefined : v), request.shape.vehicleId),
    oilType: z.preprocess((v) => (v === "" ? undefined : v), request.shape.oilType),
  });
}

export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;
export type BookingFormOutput = z.output<ReturnType<typeof bookingFormSchema>>;
export type BookingFormApi = UseFormReturn<BookingFormInput, unknown, BookingFormOutput>;

/** The form's heading of each numbered step. */
export const stepClass = "text-lg font-bold text-slate-900 sm:col-span-2";
