// usage: npx tsx scripts/.tmp-book.ts <base> <seconds> <perSlot> [setup]
import { bookingPlaces, postBookings } from "./bench/booking-writes";
import { signIn } from "./bench/http";
import { bench } from "./bench/load";
import { demoAccounts } from "../server/seed/demo-data";
import pg from "pg";
const { BASE: base, SECONDS: seconds, PER: perSlot, SETUP: setup } = process.env;
bench.base = "http://127.0.0.1:3411";
bench.ownServer = setup === "setup";
const admin = (await signIn(demoAccounts.admin))!;
const places = await bookingPlaces(admin);
const db = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/carwash_ab" });
await db.connect();
if (!process.env.NOCLEAN) await db.query(base!.endsWith("3412") ? "delete from plain_bookings where full_name='Bench Customer'" : "delete from bookings where full_name='Bench Customer'");
if (!process.env.NOCLEAN) await db.query("vacuum analyze");
await db.end();
bench.base = base!;
const m = await postBookings(admin, places, Number(perSlot), "customers", Number(seconds));
console.log(base, m.rps, JSON.stringify(m.statusCodes));
