import { and, asc, count, eq, sql } from "drizzle-orm";
import { requireActor, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { vehicles, type VehicleRow } from "~/.server/db/schema";
import {
  GARAGE_FULL,
  GARAGE_MAX,
  vehicleName,
  type Vehicle,
  type VehicleChanges,
  type VehicleInput,
} from "./garage.schema";

export function toVehicle(row: VehicleRow): Vehicle {
  const vehicle = {
    _id: row.id,
    nickname: row.nickname,
    make: row.make,
    model: row.model,
    color: row.color,
    year: row.year,
    vehicleType: row.vehicleType as Vehicle["vehicleType"],
    plate: row.plate,
  };
  return { ...vehicle, name: vehicleName(vehicle) };
}

/**
 * The customer's garage: a member's own vehicles and nobody else's. Another member's vehicle is
 * answered exactly as an unknown id (404, never 403), so no one learns that it exists.
 */
export function createGarage(db: Database) {
  const own = (actor: Actor, id: string) => and(eq(vehicles.id, id), eq(vehicles.userId, actor.id));

  async function findOwn(actor: Actor, id: string): Promise<VehicleRow> {
    const [row] = isObjectId(id) ? await db.select().from(vehicles).where(own(actor, id)) : [];
    if (!row) throw notFound("Vehicle");
    return row;
  }

  return {
    /** GET /api/vehicles: in the order they were added; GARAGE_MAX bounds the list. */
    async listVehicles(actor: Actor | null): Promise<Vehicle[]> {
      const caller = requireActor(actor);
      const rows = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.userId, caller.id))
        .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
      return rows.map(toVehicle);
    },

    /**
     * POST /api/vehicles. The count and the insert run under a lock of the member's garage (an
     * advisory lock, held to the transaction's end), so simultaneous additions queue and the
     * last ones count the first: never more than GARAGE_MAX, on either engine.
     */
    async addVehicle(actor: Actor | null, input: VehicleInput) {
      const caller = requireActor(actor);
      const id = newObjectId();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`garage:${caller.id}`}))`);
        const [kept] = await tx.select({ total: count() }).from(vehicles).where(eq(vehicles.userId, caller.id));
        if ((kept?.total ?? 0) >= GARAGE_MAX) throw new AppError("conflict", GARAGE_FULL);
        await tx.insert(vehicles).values({ id, userId: caller.id, ...input });
      });
      return { acknowledged: true, insertedId: id };
    },

    /** PATCH /api/vehicles/{id}: only the fields sent; modifiedCount 0 when none differs. */
    async updateVehicle(actor: Actor | null, id: string, changes: VehicleChanges) {
      const caller = requireActor(actor);
      const current = await findOwn(caller, id);
      const changed = Object.fromEntries(
        Object.entries(changes).filter(([field, value]) => current[field as keyof VehicleChanges] !== value),
      ) as VehicleChanges;
      if (Object.keys(changed).length === 0) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
      const updated = await db
        .update(vehicles)
        .set({ ...changed, updatedAt: new Date() })
        .where(own(caller, id))
        .returning({ id: vehicles.id });
      // Removed between the read and the write (another tab): gone, as for any unknown id.
      if (updated.length === 0) throw notFound("Vehicle");
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },

    /** DELETE /api/vehicles/{id}. Bookings made with it keep their own copy of the vehicle. */
    async removeVehicle(actor: Actor | null, id: string) {
      const caller = requireActor(actor);
      const deleted = isObjectId(id)
        ? await db.delete(vehicles).where(own(caller, id)).returning({ id: vehicles.id })
        : [];
      if (deleted.length === 0) throw notFound("Vehicle");
      return { acknowledged: true, deletedCount: deleted.length };
    },
  };
}

export type Garage = ReturnType<typeof createGarage>;
