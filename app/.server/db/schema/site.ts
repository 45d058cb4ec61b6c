import { customType, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, moment, updatedAt } from "./columns";

/** This installation's own facts: settings, shared rate-limit counters, uploaded files on PostgreSQL. */

/** Small key/value facts about this installation: demo seed markers, bay count, the bookings notice address. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Rate-limit counters every server process shares on PostgreSQL (server/api/rate-limiter.ts): one row
 * per limit and client key, the columns rate-limiter-flexible's Drizzle store reads and writes. Rows
 * whose window has ended are counted afresh by the next attempt and swept by the store an hour later.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: moment("expire"),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres sends a Buffer as bytea (a plain Uint8Array it would not); PGlite takes either.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files when the data is on a PostgreSQL server (DATABASE_URL), so every server process
 * serves every upload and a backup of the database holds them; on the embedded database they stay
 * on disk (DATA_DIR/uploads). Names are the stored names of file-storage.ts (STORED_NAME).
 */
export const uploadedFiles = pgTable("uploaded_files", {
  name: text("name").primaryKey(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
});
