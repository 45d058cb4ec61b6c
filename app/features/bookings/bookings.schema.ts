import { z } from "zod";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking as the API and pages send it (specification section 3). */
export const bookingSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  vehicleType: z.string(),
  vehicleYear: z.number().nullable(),
  serviceType: z.string(),
  packageSelection: z.string(),
  packageName: z.string(),
  packagePrice: z.number().nullable(),
  promoCode: z.string(),
  discount: z.number(),
  finalPrice: z.number().nullable(),
  preferredDate: z.string(),
  preferredTimeSlot: z.string(),
  specialInstructions: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Specification section 4: anything but confirmed or cancelled/canceled reads as Pending. */
export function displayStatus(status: string): "Confirmed" | "Cancelled" | "Pending" {
  if (status === "confirmed") return "Confirmed";
  if (status === "cancelled" || status === "canceled") return "Cancelled";
  return "Pending";
}
