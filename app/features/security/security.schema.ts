import { z } from "zod";

/** The page where every signed-in account turns two-factor sign-in on and off. */
export const SECURITY_PATH = "/dashboard/security";
/** The account's signed-in devices. */
export const DEVICES_PATH = "/dashboard/devices";
/** The admins' security settings. */
export const SECURITY_SETTINGS_PATH = "/dashboard/security-settings";

/** Where the security settings are kept in app_settings. */
export const SECURITY_SETTINGS_KEY = "security";

export const securitySettingsSchema = z
  .object({
    requireTwoFactorForTeam: z
      .boolean({ message: "Choose on or off" })
      .describe("Staff, managers and admins must turn on two-factor sign-in before the dashboard opens."),
  })
  .strict()
  .meta({ id: "SecuritySettings" });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { requireTwoFactorForTeam: false };

/** The saved value, or the defaults where it is missing or unreadable. */
export function readSecuritySettings(value: unknown): SecuritySettings {
  const stored = typeof value === "object" && value !== null ? value : {};
  const parsed = securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SECURITY_SETTINGS;
}

/** The code from an authenticator app (six digits) or a backup code (ten letters and digits, a dash in the middle). */
export const codeSchema = z.object({
  code: z.string().trim().min(1, "Enter the code").max(20, "That code is too long"),
});

export const passwordOnlySchema = z.object({
  password: z.string().min(1, "Enter your password"),
});

/** One of an account's sessions, as its owner sees it on Signed-in devices. */
export const deviceSessionSchema = z
  .object({
    id: z.string(),
    device: z.string().describe('The browser and system, in words: "Chrome on Android"'),
    ipAddress: z.string().nullable(),
    signedInAt: z.string().describe("ISO 8601"),
    lastActiveAt: z.string().describe("ISO 8601: when the session was last renewed (at most a day out)"),
    current: z.boolean().describe("Whether this is the session of the request"),
  })
  .meta({ id: "DeviceSession" });
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
