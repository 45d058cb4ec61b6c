import { describe, expect, it } from "vitest";
import { LENGTH_MESSAGE } from "~/lib/service-length";
import { addHotelFormSchema, addPlanFormSchema, updatePlanFormSchema } from "./plans.schema";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("the plan and hotel forms' rules", () => {
  const hotel = { hotelName: "Seaside Inn", hotelDescription: "Ocean views", priceIndicator: "££" };

  it("store an empty hotel rating as null, and read a decimal one", () => {
    expect(addHotelFormSchema.parse({ ...hotel, rating: "" }).rating).toBeNull();
    expect(addHotelFormSchema.parse({ ...hotel, rating: " 4.5 " }).rating).toBe(4.5);
    expect(messages(addHotelFormSchema.safeParse({ ...hotel, rating: "7" }))).toEqual([
      "Rating must be a number between 0 and 5",
    ]);
  });

  it("answer a negative price on Update plan with the specification's 'Must be ≥ 0'", () => {
    const plan = {
      name: "Gold Wash",
      packagetype: "premium",
      serviceType: "Hand Wash",
      duration: "",
      minutes: "60",
      features: "",
    };
    expect(messages(updatePlanFormSchema.safeParse({ ...plan, price: "-5" }))).toEqual(["Must be ≥ 0"]);
    expect(messages(updatePlanFormSchema.safeParse({ ...plan, price: "abc" }))).toEqual(["Price must be a number"]);
  });

  it("ask for a length in whole minutes within the allowed range", () => {
    const plan = { name: "Gold Wash", packagetype: "premium", serviceType: "Hand Wash", price: "20", features: "" };
    expect(addPlanFormSchema.parse({ ...plan, minutes: "90" }).minutes).toBe(90);
    for (const minutes of ["", "3", "721", "1.5", "ninety"])
      expect(messages(addPlanFormSchema.safeParse({ ...plan, minutes }))).toEqual([LENGTH_MESSAGE]);
  });
});
