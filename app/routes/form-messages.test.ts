import { shopHoursChangeSchema } from "~/features/bookings/shop-hours";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { capacitySettingsChangeSchema, closeDateSchema } from "~/features/bookings/settings/booking-settings.schema";
import { bookingRequestSchema } from "~/features/bookings/bookings.schema";
import { addHotelFormSchema, addPlanFormSchema, updatePlanFormSchema } from "~/features/plans/plans.schema";
import {
  forgotPasswordSchema,
  logInSchema,
  ownProfileSchema,
  resetPasswordSchema,
  signUpSchema,
} from "~/features/users/users.schema";

/**
 * Every form's schema, each field fed what a person can type into it (forms send text): each message
 * about that field must be one of ours (the specification's words where it has them), never zod's
 * defaults ("Invalid input: expected number, received string", "Too small: …").
 */
const today = "2026-11-24";
const FORMS: Record<string, z.ZodType> = {
  "Add Packages": addPlanFormSchema,
  "Update plan": updatePlanFormSchema,
  "Add hotel": addHotelFormSchema,
  "Booking settings": capacitySettingsChangeSchema.required(),
  "Opening hours": shopHoursChangeSchema,
  "Close a date": closeDateSchema(today),
  "Contact form": bookingRequestSchema({ today, requireEmail: true }),
  "Sign up": signUpSchema,
  "Log in": logInSchema,
  "Forgot password": forgotPasswordSchema,
  "Reset password": resetPasswordSchema,
  Profile: ownProfileSchema,
};
const TYPED = ["", "   ", "-5", "abc", "0.001", "1e9", "99999999999", "2026-02-30", "\u0000", "x".repeat(5000)];
const LIBRARY_WORDS = /^(Invalid input|Invalid option|Too (small|big)|Expected|Unrecognized key|Required$)|received /;

function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const def = (schema as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType } }).def;
  return def?.in ? fieldsOf(def.in) : def?.innerType ? fieldsOf(def.innerType) : [];
}

describe("every form answers in its own words", () => {
  for (const [form, schema] of Object.entries(FORMS)) {
    it(form, () => {
      const fields = fieldsOf(schema);
      expect(fields.length).toBeGreaterThan(0);
      const library: string[] = [];
      for (const field of fields)
        for (const value of TYPED)
          for (const issue of schema.safeParse({ [field]: value }).error?.issues ?? [])
            if (issue.path[0] === field && LIBRARY_WORDS.test(issue.message))
              library.push(`${field} = ${JSON.stringify(value.slice(0, 12))}: ${issue.message}`);
      expect(library.slice(0, 10)).toEqual([]);
    });
  }
});
