import { describe, expect, it } from "vitest";
import type { SlotAvailability } from "../bookings.schema";
import { packageChoices, type CataloguePackage } from "./service-choices";
import { slotChoice } from "./slot-choices";

const plan = (
  id: string,
  name: string,
  packagetype: CataloguePackage["packagetype"],
  price = 10,
): CataloguePackage => ({
  _id: id,
  name,
  price,
  minutes: 60,
  packagetype,
});

describe("packageChoices", () => {
  it("names each tier by the catalogue's newest package of it, with None first; an empty tier has no package", () => {
    const newestFirst = [
      plan("s2", "New Standard", "standards", 60),
      plan("s1", "Old Standard", "standard"),
      plan("p", "Premium", "premium", 190),
      plan("o", "Oil", "services"),
    ];
    expect(packageChoices(newestFirst)).toEqual([
      { value: "None" },
      { value: "Basic" },
      { value: "Standard", plan: { id: "s2", name: "New Standard", price: 60, minutes: 60 } },
      { value: "Premium", plan: { id: "p", name: "Premium", price: 190, minutes: 60 } },
    ]);
  });
});

describe("slotChoice", () => {
  const slot = { slot: "09:00–11:00", start: "09:00", end: "11:00", started: false };
  const day = (s: Partial<SlotAvailability> & { started?: boolean }) => ({
    closed: false,
    minutes: 60,
    slots: [{ ...slot, remaining: 0, offered: false, ...s }],
  });
  it("shows the places left, or why the slot cannot be chosen", () => {
    expect(slotChoice("09:00–11:00", day({ remaining: 2, offered: true }))).toMatchObject({
      detail: "2 left",
      ariaLabel: "9–11 AM (2 left)",
      disabled: false,
    });
    expect(slotChoice("09:00–11:00", day({ remaining: 0, offered: false, reason: "full" }))).toMatchObject({
      ariaLabel: "9–11 AM (full)",
      disabled: true,
    });
    expect(slotChoice("09:00–11:00", day({ remaining: 3, offered: false, reason: "too-late" }))).toMatchObject({
      detail: "Too late for this service",
      disabled: true,
    });
    expect(slotChoice("09:00–11:00", day({ remaining: 0, offered: false, started: true }))).toMatchObject({
      detail: "Already started",
      disabled: true,
    });
  });

  it("keeps Anytime a choice, and a slot without an answer yet plain", () => {
    expect(slotChoice("Anytime", null)).toMatchObject({ value: "Anytime", detail: "We call to agree a time" });
    expect(slotChoice("Anytime", null).disabled).toBeFalsy();
    expect(slotChoice("11:00–13:00", null)).toEqual({ value: "11:00–13:00", label: "11 AM–1 PM" });
  });
});
