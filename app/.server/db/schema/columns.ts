import { sql } from "drizzle-orm";
import { check, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** A moment: every time the product keeps is a timestamptz, read as a Date. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** When the row was written, and last changed: set by the database unless the code gives them. */
export const createdAt = () => moment("created_at").notNull().defaultNow();
export const updatedAt = () => moment("updated_at").notNull().defaultNow();

/** An id in the shape of the specification's object ids (24 hex characters), or a reference to one. */
export const objectId = (name: string) => varchar(name, { length: 24 });

/** A reference to the row this one is part of: deleting that row deletes this one with it. */
export const partOf = (name: string, target: () => AnyPgColumn) =>
  objectId(name).notNull().references(target, { onDelete: "cascade" });

/**
 * The language a customer reads their e-mails in ("en" or "es", issue 49): stored with what they
 * booked or bought and on their account, English for every row written before it was asked.
 */
export const customerLocale = () => text("locale").$type<"en" | "es">().notNull().default("en");
/** Only the site's languages in a customerLocale column. */
export const localeCheck = (table: string, column: AnyPgColumn) =>
  check(`${table}_locale_check`, sql`${column} in ('en', 'es')`);
