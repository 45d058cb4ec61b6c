import { z } from "zod";

/**
 * The only reader of process.env. Every variable is optional: with none set the site
 * starts on the embedded database with demo data. All problems are reported at once.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * How many reverse proxies stand in front, each appending to X-Forwarded-For: a count, or a flag
 * (true meant one proxy before it took a count, and still does).
 */
const proxyCount = z
  .string()
  .regex(
    /^(true|false|yes|no|\d{1,2})$/,
    "must be the number of proxies in front (0, 1, 2 …), or true (1) or false (0)",
  )
  .transform((v) => (v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://example.com" }).optional(),
  LOG_REQUESTS: booleanFlag.default(false),
  /** End-to-end tests only: lets an admin move the follow-ups' clock (app/.server/clock.ts). */
  TEST_CLOCK: booleanFlag.default(false),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 48)").optional(),
  TRUST_PROXY: proxyCount.default(0),
  RATE_LIMIT_SIGN_IN: z.coerce.number({ message: "must be a number" }).int().min(1).default(5),
  RATE_LIMIT_SIGN_IN_ACCOUNT: z.coerce.number({ message: "must be a number" }).int().min(1).default(10),
  RATE_LIMIT_SIGN_UP: z.coerce.number({ message: "must be a number" }).int().min(1).default(3),
  RATE_LIMIT_BOOKINGS: z.coerce.number({ message: "must be a number" }).int().min(1).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Sparkle Auto Spa <no-reply@localhost>"),
  BUSINESS_NAME: z.string().min(1).optional(),
  BUSINESS_PHONE: z.string().min(1).optional(),
  BUSINESS_WHATSAPP: z
    .string()
    .regex(/^\d{7,15}$/, "must be the number in international form, digits only")
    .optional(),
  BUSINESS_ADDRESS: z.string().min(1).optional(),
  BUSINESS_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  BUSINESS_LATITUDE: z.coerce.number({ message: "must be a number" }).min(-90).max(90).optional(),
  BUSINESS_LONGITUDE: z.coerce.number({ message: "must be a number" }).min(-180).max(180).optional(),
  SOCIAL_FACEBOOK_URL: z.url({ message: "must be an absolute URL" }).optional(),
  SOCIAL_INSTAGRAM_URL: z.url({ message: "must be an absolute URL" }).optional(),
  SOCIAL_TIKTOK_URL: z.url({ message: "must be an absolute URL" }).optional(),
  SOCIAL_YOUTUBE_URL: z.url({ message: "must be an absolute URL" }).optional(),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as America/New_York")
    .default("America/New_York"),
});

export type Env = z.infer<typeof envSchema>;

/** The site's public origin: PUBLIC_URL, or this machine's address on PORT. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Parses the given variables (process.env by default); empty strings count as unset. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
}
