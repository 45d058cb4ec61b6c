import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "~/features/plans/plans.schema";
import type { AddOn, ApiQuote, SizeClasses } from "~/features/pricing/pricing.schema";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { setupOtherProcess } from "../../tests/other-process";
import { setupTestApp } from "../../tests/test-app";

/**
 * Prices changed by an admin on one process price the quotes on another within a second, and its
 * cached catalogue shows the new prices per class as soon: both drop what they kept on the
 * catalogue's NOTIFY, which size-class and service-price saves send too.
 */
const t = setupTestApp();
const other = setupOtherProcess(t);
let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const change = async (path: string, method: string, body: unknown) => {
  const { status, body: answer } = await callAs(t, admin, path, jsonPost(body, { method }));
  expect(status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
};

async function otherQuote(body: Record<string, unknown>): Promise<ApiQuote> {
  const response = await other.request("/api/bookings/quote", jsonPost(buildBookingRequest(body)));
  expect(response.status).toBe(200);
  return (await response.json()) as ApiQuote;
}

async function otherJson<T>(path: string): Promise<T> {
  const response = await other.request(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Asks the other process for a quote until `seen` holds, for at most a second (its kept prices drop on the NOTIFY). */
async function seenInQuote(body: Record<string, unknown>, seen: (quote: ApiQuote) => boolean) {
  const started = Date.now();
  while (!seen(await otherQuote(body))) {
    expect(Date.now() - started, "quoted within a second").toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls the other process's list until `seen` holds, for at most a second. */
async function seenInList(planId: string, seen: (plan: Plan | undefined) => boolean) {
  const started = Date.now();
  const find = async () => (await otherJson<Plan[]>("/api/plans?kind=packages")).find((p) => p._id === planId);
  while (!seen(await find())) {
    expect(Date.now() - started, "seen within a second").toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("prices by the vehicle across processes on one PostgreSQL database", { tags: ["engine"] }, () => {
  it("a package's class table edited here prices the other process's next quote at once", async () => {
    const { insertedId: planId } = await change("/api/plans", "POST", {
      name: "Across Processes Wash",
      price: 30,
      minutes: 30,
      packagetype: "services",
      classPrices: { large: { price: 40, minutes: 45 } },
    });
    // The other process reads the list (and keeps it) before the change.
    await seenInList(planId, (plan) => plan?.prices?.[2]?.price === 40);
    expect(await otherQuote({ planId, vehicleType: "Truck" })).toMatchObject({ total: 40, minutes: 45 });

    await change(`/api/plans/${planId}`, "PATCH", { classPrices: { large: { price: 44, minutes: 50 } } });
    expect(await otherQuote({ planId, vehicleType: "Truck" })).toMatchObject({ total: 44, minutes: 50 });
    await seenInList(planId, (plan) => plan?.prices?.[2]?.price === 44);
  });

  it("size classes saved here: the other's quote and its cached list within a second", async () => {
    const { insertedId: planId } = await change("/api/plans", "POST", {
      name: "Renamed Class Wash",
      price: 50,
      minutes: 60,
      packagetype: "services",
    });
    await seenInList(planId, (plan) => plan?.prices?.[1]?.className === "Medium");
    const classes = await otherJson<SizeClasses>("/api/size-classes");
    const renamed: SizeClasses = {
      ...classes,
      classes: classes.classes.map((c) => (c.id === "medium" ? { ...c, name: "Mid-size", surchargePercent: 30 } : c)),
    };
    await change("/api/size-classes", "PUT", renamed);

    await seenInQuote({ planId, vehicleType: "SUV" }, (quote) => quote.sizeClass?.name === "Mid-size");
    expect(await otherQuote({ planId, vehicleType: "SUV" })).toMatchObject({
      total: 65,
      sizeClass: { id: "medium", name: "Mid-size" },
    });
    await seenInList(planId, (plan) => plan?.prices?.[1]?.className === "Mid-size" && plan.prices[1].price === 65);
    await change("/api/size-classes", "PUT", classes);
  });

  it("a service's price and a new add-on set here are quoted by the other process within a second", async () => {
    // The other process keeps the Wax's price row from this quote on (until the catalogue changes).
    expect(await otherQuote({ serviceType: "Wax", vehicleType: "SUV" })).toMatchObject({
      lines: [{ label: "Wax (Medium)" }],
    });
    await change("/api/service-prices/Wax", "PUT", {
      price: 42,
      minutes: 40,
      classPrices: { medium: { price: 52 } },
    });
    const { insertedId: addOnId } = await change("/api/add-ons", "POST", {
      name: "Tire shine",
      price: 8,
      minutes: 5,
      serviceTypes: ["Wax"],
    });
    expect((await otherJson<AddOn[]>("/api/add-ons")).map((a) => a._id)).toContain(addOnId);
    await seenInQuote({ serviceType: "Wax", vehicleType: "SUV" }, (quote) => quote.lines[0]?.amount === 52);
    expect(await otherQuote({ serviceType: "Wax", vehicleType: "SUV", addOns: [addOnId] })).toMatchObject({
      lines: [
        { label: "Wax (Medium)", amount: 52, minutes: 55 },
        { label: "Tire shine", amount: 9.6, minutes: 20 },
      ],
      total: 61.6,
      minutes: 75,
    });
  });
});
