import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GARAGE_FULL, GARAGE_MAX } from "~/features/garage/garage.schema";
import { isAppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { newObjectId } from "~/lib/object-id";
import { vehicles } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";

/**
 * The customer's garage (issue 27, item 5): each member reads and changes their own vehicles only.
 * Another member's vehicle is answered as an unknown id, so nobody learns it exists.
 */
const t = setupTestApp();

let member: TestAccount;
let other: TestAccount;
let admin: TestAccount;

const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Please log in." } } };
const notFound = { status: 404, body: { error: { code: "not_found", message: "Vehicle not found." } } };

const add = (account: TestAccount | null, body: unknown) => callAs(t, account, "/api/vehicles", jsonPost(body));
const change = (account: TestAccount | null, id: string, body: unknown) =>
  callAs(t, account, `/api/vehicles/${id}`, jsonPost(body, { method: "PATCH" }));
const remove = (account: TestAccount | null, id: string) =>
  callAs(t, account, `/api/vehicles/${id}`, { method: "DELETE" });
const list = async (account: TestAccount) => (await callAs(t, account, "/api/vehicles")).body as { _id: string }[];

async function addOk(account: TestAccount, body: Record<string, unknown>): Promise<string> {
  const answer = await add(account, body);
  expect(answer).toEqual({
    status: 201,
    body: { acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) },
  });
  return (answer.body as { insertedId: string }).insertedId;
}

/** The field messages of a refused body. */
async function refusal(answer: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await answer;
  expect(status).toBe(400);
  return (body as { error: { fields: Record<string, string> } }).error.fields;
}

const kept = async (account: TestAccount) =>
  (await t.database.db.select({ n: count() }).from(vehicles).where(eq(vehicles.userId, account.id)))[0]!.n;

beforeAll(async () => {
  [member, other, admin] = [await signUp(t), await signUp(t), await signUpAdmin(t)];
});

describe("a visitor", () => {
  it("is told to log in by every garage route, before any body is read", async () => {
    const id = newObjectId();
    expect(await callAs(t, null, "/api/vehicles")).toEqual(unauthorized);
    expect(await add(null, { vehicleType: "SUV" })).toEqual(unauthorized);
    expect(await add(null, { vehicleType: "Bus", colour: "red" })).toEqual(unauthorized);
    expect(await change(null, id, { make: "Honda" })).toEqual(unauthorized);
    expect(await remove(null, id)).toEqual(unauthorized);
  });
});

describe("a member's own vehicles", () => {
  it("adds a vehicle with only its type, and lists it named by its type", async () => {
    const account = await signUp(t);
    const id = await addOk(account, { vehicleType: "Hatchback" });
    expect(await callAs(t, account, "/api/vehicles")).toEqual({
      status: 200,
      body: [
        {
          _id: id,
          nickname: "",
          make: "",
          model: "",
          color: "",
          year: null,
          vehicleType: "Hatchback",
          plate: "",
          name: "Hatchback",
        },
      ],
    });
  });

  it("lists them in the order they were added, named as the counter says them, plates in capitals", async () => {
    const account = await signUp(t);
    const first = await addOk(account, {
      nickname: "Family car",
      make: " Honda ",
      model: "CR-V",
      color: "Silver",
      year: 2019,
      vehicleType: "SUV",
      plate: "abc-123",
    });
    const second = await addOk(account, { nickname: "Work van", vehicleType: "Minivan", year: 2015 });
    const answer = await callAs(t, account, "/api/vehicles");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        _id: first,
        nickname: "Family car",
        make: "Honda",
        model: "CR-V",
        color: "Silver",
        year: 2019,
        vehicleType: "SUV",
        plate: "ABC-123",
        name: "Silver Honda CR-V",
      },
      expect.objectContaining({ _id: second, name: "Work van", vehicleType: "Minivan", year: 2015 }),
    ]);
  });

  it("changes only the fields sent, and says when nothing differed", async () => {
    const account = await signUp(t);
    const id = await addOk(account, { make: "Toyota", model: "Corolla", year: 2012, vehicleType: "Car", plate: "K1" });
    expect(await change(account, id, { color: "Red", year: null })).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    expect(await list(account)).toEqual([
      expect.objectContaining({ make: "Toyota", color: "Red", year: null, plate: "K1", name: "Red Toyota Corolla" }),
    ]);
    expect(await change(account, id, { color: "Red", make: "Toyota" })).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 0 },
    });
    expect(await change(account, id, {})).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 0 },
    });
  });

  it("removes one, and then it is gone", async () => {
    const account = await signUp(t);
    const id = await addOk(account, { vehicleType: "Truck" });
    const keep = await addOk(account, { vehicleType: "Coupe" });
    expect(await remove(account, id)).toEqual({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    expect((await list(account)).map((v) => v._id)).toEqual([keep]);
    expect(await remove(account, id)).toEqual(notFound);
    expect(await change(account, id, { make: "Ford" })).toEqual(notFound);
  });
});

describe("another member's vehicle", () => {
  let id: string;
  beforeAll(async () => {
    id = await addOk(member, { make: "Honda", model: "CR-V", color: "Silver", vehicleType: "SUV", plate: "MINE-1" });
  });

  it.each([
    ["another member", () => other],
    ["an admin", () => admin],
  ])("is not in %s's list", async (_who, caller) => {
    expect((await list(caller())).map((v) => v._id)).not.toContain(id);
  });

  it.each([
    ["another member", () => other],
    ["an admin", () => admin],
  ])("is answered to %s exactly as an unknown id, and stays as it was", async (_who, caller) => {
    const unknown = newObjectId();
    expect(await change(caller(), id, { plate: "THEIRS" })).toEqual(notFound);
    expect(await change(caller(), unknown, { plate: "THEIRS" })).toEqual(notFound);
    expect(await change(caller(), "not-an-id", { plate: "THEIRS" })).toEqual(notFound);
    expect(await remove(caller(), id)).toEqual(notFound);
    expect(await remove(caller(), unknown)).toEqual(notFound);
    expect(await list(member)).toEqual([
      expect.objectContaining({ _id: id, plate: "MINE-1", name: "Silver Honda CR-V" }),
    ]);
  });
});

describe("what a vehicle may be", () => {
  const maxYear = () => Number(businessToday(t.services.dependencies.site.timeZone).slice(0, 4)) + 1;

  it("needs a type of the booking forms' list", async () => {
    expect(await refusal(add(member, { make: "Honda" }))).toEqual({ vehicleType: "Select vehicle type" });
    expect(await refusal(add(member, { vehicleType: "Bus" }))).toEqual({ vehicleType: "Select vehicle type" });
    expect(await refusal(add(member, { vehicleType: "" }))).toEqual({ vehicleType: "Select vehicle type" });
  });

  it("takes a year from 1980 to next year, as the booking forms do", async () => {
    const body = { vehicleType: "Car" };
    expect(await refusal(add(member, { ...body, year: 1979 }))).toEqual({ year: "Year must be 1980 or newer" });
    expect(await refusal(add(member, { ...body, year: maxYear() + 1 }))).toEqual({
      year: `Year must be ≤ ${maxYear()}`,
    });
    expect(await refusal(add(member, { ...body, year: 2019.5 }))).toEqual({ year: "Enter a year such as 2019" });
    expect(await refusal(add(member, { ...body, year: "2019" }))).toEqual({ year: "Enter a year such as 2019" });
    const account = await signUp(t);
    await addOk(account, { ...body, year: 1980 });
    await addOk(account, { ...body, year: maxYear() });
  });

  it("takes a plate of letters, digits, spaces and dashes", async () => {
    for (const plate of ["AB_123", "AB/123", "AB.1", "ÄB 1"])
      expect(await refusal(add(member, { vehicleType: "Car", plate }))).toEqual({
        plate: "Use letters, digits, spaces and dashes",
      });
  });

  it("bounds every text", async () => {
    const long = (n: number) => "x".repeat(n);
    expect(
      await refusal(
        add(member, {
          vehicleType: "Car",
          nickname: long(41),
          make: long(41),
          model: long(41),
          color: long(31),
          plate: long(16),
        }),
      ),
    ).toEqual({
      nickname: "At most 40 characters",
      make: "At most 40 characters",
      model: "At most 40 characters",
      color: "At most 30 characters",
      plate: "At most 15 characters",
    });
    const account = await signUp(t);
    await addOk(account, {
      vehicleType: "Car",
      nickname: long(40),
      make: long(40),
      model: long(40),
      color: long(30),
      plate: long(15),
    });
    expect(await refusal(add(member, { vehicleType: "Car", make: "Hon\u0000da" }))).toEqual({
      make: "Use letters, numbers and punctuation only",
    });
  });

  it("refuses fields it does not have, also the ones the server sets", async () => {
    for (const extra of [{ colour: "red" }, { _id: newObjectId() }, { name: "Mine" }, { userId: other.id }])
      expect(Object.keys(await refusal(add(member, { vehicleType: "Car", ...extra })))).toEqual(["_"]);
  });

  it("checks a change the same way, and refuses it whole", async () => {
    const account = await signUp(t);
    const id = await addOk(account, { make: "Mazda", vehicleType: "Car" });
    expect(await refusal(change(account, id, { vehicleType: "Bus" }))).toEqual({ vehicleType: "Select vehicle type" });
    expect(await refusal(change(account, id, { vehicleType: null }))).toEqual({ vehicleType: "Select vehicle type" });
    expect(await refusal(change(account, id, { make: "Ford", year: 1900 }))).toEqual({
      year: "Year must be 1980 or newer",
    });
    expect(await refusal(change(account, id, { plate: "A_1" }))).toEqual({
      plate: "Use letters, digits, spaces and dashes",
    });
    expect(await refusal(change(account, id, { model: "x".repeat(41) }))).toEqual({ model: "At most 40 characters" });
    expect(Object.keys(await refusal(change(account, id, { make: "Ford", userId: other.id })))).toEqual(["_"]);
    expect(await list(account)).toEqual([expect.objectContaining({ make: "Mazda", vehicleType: "Car", year: null })]);
  });
});

describe(`at most ${GARAGE_MAX} vehicles a member`, () => {
  const full = { status: 409, body: { error: { code: "conflict", message: GARAGE_FULL } } };

  it("refuses one more, in words that say what to do, and takes one again after a removal", async () => {
    const account = await signUp(t);
    const ids: string[] = [];
    for (let n = 0; n < GARAGE_MAX; n++)
      ids.push(await addOk(account, { nickname: `Car ${n + 1}`, vehicleType: "Car" }));
    expect(await add(account, { vehicleType: "SUV" })).toEqual(full);
    expect(GARAGE_FULL).toBe(`You can keep up to ${GARAGE_MAX} vehicles. Remove one to add another.`);
    expect(await kept(account)).toBe(GARAGE_MAX);
    // Another member's garage is their own.
    await addOk(await signUp(t), { vehicleType: "SUV" });
    expect(await remove(account, ids[0]!)).toEqual({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    await addOk(account, { vehicleType: "SUV" });
    expect(await add(account, { vehicleType: "SUV" })).toEqual(full);
  });

  /** A member three short of the limit, their garage filled directly. */
  async function nearlyFull(): Promise<TestAccount> {
    const account = await signUp(t);
    await t.database.db.insert(vehicles).values(
      Array.from({ length: GARAGE_MAX - 3 }, (_, n) => ({
        id: newObjectId(),
        userId: account.id,
        nickname: `Car ${n + 1}`,
        vehicleType: "Car",
      })),
    );
    return account;
  }

  it("is never passed by 20 additions at once through the API", { tags: ["engine"] }, async () => {
    const account = await nearlyFull();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => add(account, { nickname: `Rush ${n}`, vehicleType: "SUV" })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 201)).toEqual(Array.from({ length: 17 }, () => full));
    expect(await kept(account)).toBe(GARAGE_MAX);
  });

  /**
   * The service called directly by an actor looked up beforehand: over HTTP each request's session
   * lookup takes longer than an addition, so additions seldom overlap there.
   */
  it("is never passed by 20 additions at once at the service", { tags: ["engine"] }, async () => {
    const account = await nearlyFull();
    const actor = await t.services.getActor(new Headers({ Cookie: account.cookie }));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        t.services.garage.addVehicle(actor, {
          nickname: `Rush ${n}`,
          make: "",
          model: "",
          color: "",
          year: null,
          vehicleType: "SUV",
          plate: "",
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused).toHaveLength(17);
    for (const reason of refused) expect(isAppError(reason, "conflict") && reason.message).toBe(GARAGE_FULL);
    expect(await kept(account)).toBe(GARAGE_MAX);
  });
});

describe("the OpenAPI document", () => {
  it("describes the garage's routes, their bodies and their refusals", async () => {
    const { body } = await t.json<{
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>("/api/openapi.json");
    expect(Object.keys(body.paths["/vehicles"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(body.paths["/vehicles/{id}"]!).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(body.paths["/vehicles"]!.post!.responses).sort()).toEqual(["201", "400", "401", "409"]);
    expect(Object.keys(body.paths["/vehicles/{id}"]!.patch!.responses).sort()).toEqual(["200", "400", "401", "404"]);
    expect(body.components.schemas).toHaveProperty("Vehicle");
    expect(body.components.schemas).toHaveProperty("NewVehicle");
    expect(body.components.schemas).toHaveProperty("VehicleChanges");
  });
});
