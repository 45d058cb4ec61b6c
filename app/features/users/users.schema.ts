import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";
import { ROLES } from "~/lib/roles";
import { textField } from "~/lib/text-field";

/** The product's user record as the API sends it (specification: docs/specification-quirks.md §10). */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permission: z.string(),
  photo: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The words of a role that is not one of the four, wherever a role is sent (PUT /api/user/{id}/role, invitations). */
export const UNKNOWN_ROLE = "Choose a role: member, staff, manager or admin.";

/** PUT /api/user/{id}/role: the one field, one of the four roles (app/lib/roles.ts). */
export const roleChangeSchema = z
  .object({
    role: z.enum(ROLES, { message: UNKNOWN_ROLE }).describe("member, staff, manager or admin"),
  })
  .strict();
export type RoleChangeInput = z.infer<typeof roleChangeSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  q: textField().trim().max(100, "Search at most 100 characters").optional().describe("part of a name or e-mail"),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const NAME_MAX = 80;

/** A person's name, wherever an account gets one: the profile form, sign-up, better-auth's own endpoints. */
export const personName = textField({ message: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(NAME_MAX, `At most ${NAME_MAX} characters`);

/** A profile photo: a web address, or null for none. */
export const photoUrl = z
  .url({ protocol: /^https?$/, message: "Photo must be a web address (http or https)" })
  .max(2048)
  .pipe(textField({ invalid: "Photo must be a web address (http or https)" }))
  .nullable();

/** POST /api/user: the caller's own record. A password never belongs here. */
export const ownProfileSchema = z
  .object({
    name: personName,
    email: z.email("Provide a valid email").max(254).optional().describe("if sent, must be the caller's own"),
    photo: photoUrl.optional(),
  })
  .strict();
export type OwnProfileInput = z.infer<typeof ownProfileSchema>;

export const signUpSchema = z.object({
  name: personName,
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Please enter a valid email address.")),
  password: z
    .string()
    .min(6, "Password must be at least 6 characters.")
    .max(128, "Password must be at most 128 characters."),
});

export const logInSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Please enter a valid email address.")),
  password: z.string().min(1, "Password is required"),
});

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Please enter a valid email address.")),
});

export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(6, "Password must be at least 6 characters.")
      .max(128, "Password must be at most 128 characters."),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords don't match." });
