import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { as, callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";

/** The dashboard's housekeeping: editing and deleting partner hotels (and their photos), demoting admins. */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

async function uploadPhoto(): Promise<string> {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(png)], "hotel.png", { type: "image/png" }));
  const response = await t.request("/api/uploads", as(admin, { method: "POST", body: form }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { display_url: string } }).data.display_url;
}

/** Whether the site serves an upload's files: the photo and its card-sized copy. */
const filesOf = (url: string) =>
  Promise.all([url, url.replace(/\.webp$/, "-640w.webp")].map(async (file) => (await t.request(file)).status === 200));

async function addHotel(body: Record<string, unknown> = {}) {
  const { status, body: answer } = await callAs(
    t,
    admin,
    "/api/plans",
    jsonPost({
      field: "hotel",
      hotelName: "Harbor Inn",
      hotelDescription: "By the sea",
      priceIndicator: "££",
      ...body,
    }),
  );
  expect(status).toBe(201);
  return answer.insertedId as string;
}

const editHotel = (id: string, body: unknown, who: TestAccount | null = admin) =>
  callAs(t, who, `/api/hotels/${id}`, jsonPost(body, { method: "PATCH" }));
const entry = async (id: string) => (await t.json<Record<string, unknown>>(`/api/plans/${id}`)).body;

describe("editing a partner hotel", () => {
  it("changes only the fields sent, and shows at once in the catalogue", async () => {
    const id = await addHotel({ rating: 4 });
    const { status, body } = await editHotel(id, { hotelName: "Harbor Inn & Spa", rating: "4.5" });
    expect(status).toBe(200);
    expect(body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await entry(id)).toMatchObject({
      hotelName: "Harbor Inn & Spa",
      rating: 4.5,
      hotelDescription: "By the sea",
      priceIndicator: "££",
    });
    const listed = (await t.json<{ _id: string; hotelName?: string }[]>("/api/plans?limit=100")).body;
    expect(listed.find((p) => p._id === id)?.hotelName).toBe("Harbor Inn & Spa");
    expect((await editHotel(id, { hotelName: "Harbor Inn & Spa" })).body.modifiedCount).toBe(0);
  });

  it("replacing the photo deletes the old one's files; a photo another entry shows is kept", async () => {
    const [first, second] = [await uploadPhoto(), await uploadPhoto()];
    const id = await addHotel({ image: first });
    const sharing = await addHotel({ image: second });
    const other = await addHotel({ image: second });
    expect(await filesOf(first)).toEqual([true, true]);

    expect((await editHotel(id, { image: second })).status).toBe(200);
    expect((await entry(id)).image).toBe(second);
    expect(await filesOf(first)).toEqual([false, false]);

    // Three entries show `second`: deleting two leaves it; deleting the last takes its files.
    for (const gone of [sharing, other])
      expect((await callAs(t, admin, `/api/plans/${gone}`, { method: "DELETE" })).status).toBe(200);
    expect(await filesOf(second)).toEqual([true, true]);
    expect((await callAs(t, admin, `/api/plans/${id}`, { method: "DELETE" })).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await filesOf(second)).toEqual([false, false]);
    expect((await t.request(`/api/plans/${id}`)).status).toBe(404);
  });

  it("refuses Add hotel's wrong values, unknown fields, an empty edit, a package, and non-admins", async () => {
    const id = await addHotel();
    const refused = async (body: unknown, field: string, message: string) => {
      const { status, body: answer } = await editHotel(id, body);
      expect(status).toBe(400);
      expect(JSON.stringify(answer)).toContain(message);
      expect(JSON.stringify(answer)).toContain(field);
    };
    await refused({ rating: 6 }, "rating", "Rating must be between 0 and 5");
    await refused({ hotelName: "  " }, "hotelName", "Hotel name is required");
    await refused({ priceIndicator: "$$" }, "priceIndicator", "Choose £, ££, £££ or ££££");
    await refused({ image: "javascript:alert(1)" }, "image", "Image must be an uploaded file or a web address");
    expect((await editHotel(id, { price: 10 })).status).toBe(400);
    expect((await editHotel(id, {})).status).toBe(400);

    const pkg = await callAs(
      t,
      admin,
      "/api/plans",
      jsonPost({ name: "Quick Wash", price: 19, packagetype: "economy" }),
    );
    const onPackage = await editHotel(pkg.body.insertedId, { hotelName: "Not a hotel" });
    expect(onPackage.status).toBe(400);
    expect(onPackage.body.error.message).toBe("Packages are edited in Update plan, not as a hotel.");

    expect((await editHotel(id, { hotelName: "Mine now" }, member)).status).toBe(403);
    expect((await editHotel(id, { hotelName: "Mine now" }, null)).status).toBe(401);
    expect((await callAs(t, member, `/api/plans/${id}`, { method: "DELETE" })).status).toBe(403);
    expect((await entry(id)).hotelName).toBe("Harbor Inn");
    expect((await editHotel("0123456789abcdef01234567", { hotelName: "Nowhere" })).status).toBe(404);
  });
});

describe("demoting an admin", () => {
  const demote = (id: string, who: TestAccount | null) => callAs(t, who, `/api/user/admin/${id}`, { method: "DELETE" });
  const roleOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.role;

  it("makes another admin a member, whose next request is a member's", async () => {
    const other = await signUpAdmin(t);
    expect((await callAs(t, other, "/api/user?limit=1")).status).toBe(200);
    const { status, body } = await demote(other.id, admin);
    expect(status).toBe(200);
    expect(body.modifiedCount).toBe(1);
    expect(await roleOf(other.id)).toBe("member");
    expect((await callAs(t, other, "/api/user?limit=1")).status).toBe(403);
    expect((await demote(other.id, admin)).body.modifiedCount).toBe(0);
  });

  it("never oneself, never by a member", async () => {
    const self = await demote(admin.id, admin);
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe("You can't remove your own admin rights.");
    const other = await signUpAdmin(t);
    expect((await demote(other.id, member)).status).toBe(403);
    expect((await demote(other.id, null)).status).toBe(401);
    expect(await roleOf(other.id)).toBe("admin");
  });

  it(
    "two admins demoting each other at once leave one admin, and the last admin is never demoted",
    { tags: ["engine"] },
    async () => {
      // Only these two are admins: the others made in this file are made members first.
      const [a, b] = [await signUpAdmin(t), await signUpAdmin(t)];
      await t.database.db.update(users).set({ role: "member" }).where(eq(users.role, "admin"));
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, a.id));
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, b.id));

      // Through the API the later request may already be a member's (403), or meet the lock (409).
      const answers = await Promise.all([demote(b.id, a), demote(a.id, b)]);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect([403, 409]).toContain(answers.find((r) => r.status !== 200)!.status);
      expect([await roleOf(a.id), await roleOf(b.id)].filter((r) => r === "admin")).toHaveLength(1);

      // Both past the session check at once: the lock makes the second count one admin and refuse.
      const [c, d] = [await signUpAdmin(t), await signUpAdmin(t)];
      await t.database.db.update(users).set({ role: "member" }).where(eq(users.role, "admin"));
      await t.database.db
        .update(users)
        .set({ role: "admin" })
        .where(inArray(users.id, [c.id, d.id]));
      const actor = (x: TestAccount) => ({
        id: x.id,
        name: x.name,
        email: x.email,
        role: "admin" as const,
        emailVerified: true,
      });
      const outcomes = await Promise.allSettled([
        t.services.users.demoteUser(actor(c), d.id),
        t.services.users.demoteUser(actor(d), c.id),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refusal = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refusal.reason.message).toBe("The last administrator can't be made a member.");
      expect([await roleOf(c.id), await roleOf(d.id)].filter((r) => r === "admin")).toHaveLength(1);
    },
  );
});
