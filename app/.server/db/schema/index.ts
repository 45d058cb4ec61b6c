/**
 * Every table, one file per domain (drizzle.config.ts reads this file; `import … from
 * "~/.server/db/schema"` finds them all here). A file imports only the tables its foreign keys
 * name, from the files below it: people and catalogue first, then bookings, then what hangs off a
 * booking.
 */
export * from "./people";
export * from "./team";
export * from "./catalogue";
export * from "./club";
export * from "./bookings";
export * from "./customers";
export * from "./follow-ups";
export * from "./messages";
export * from "./waitlist";
export * from "./till";
export * from "./audit";
export * from "./reports";
export * from "./site";
