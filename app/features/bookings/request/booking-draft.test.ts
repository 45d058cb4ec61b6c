import { describe, expect, it } from "vitest";
import { clearDraft, readDraft, saveDraft } from "./booking-draft";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("booking draft", () => {
  it("keeps what was typed, never the honeypot, and gives it back", () => {
    const store = memoryStore();
    saveDraft(store, { fullName: "Jamie", phone: "", vehicleType: "SUV", website: "bot", preferredDate: "2030-05-31" });
    expect(readDraft(store, "2030-05-01")).toEqual({
      fullName: "Jamie",
      vehicleType: "SUV",
      preferredDate: "2030-05-31",
    });
  });

  it("keeps the vehicle and the add-ons ticked, and nothing that is not an add-on's id", () => {
    const store = memoryStore();
    const petHair = "0123456789abcdef01234567";
    saveDraft(store, {
      vehicleId: "",
      vehicleType: "SUV",
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      addOns: [petHair, "<script>", 7],
    });
    expect(readDraft(store, "2030-05-01")).toEqual({
      vehicleType: "SUV",
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      addOns: [petHair],
    });
    saveDraft(store, { fullName: "Jamie", addOns: [] });
    expect(readDraft(store, "2030-05-01")).toEqual({ fullName: "Jamie" });
  });

  it("drops a day that has passed, with its slot", () => {
    const store = memoryStore();
    saveDraft(store, { fullName: "Jamie", preferredDate: "2030-05-01", preferredTimeSlot: "09:00–11:00" });
    expect(readDraft(store, "2030-05-02")).toEqual({ fullName: "Jamie" });
  });

  it("reads nothing from a cleared, empty or broken draft, and survives storage that refuses", () => {
    const store = memoryStore();
    saveDraft(store, { fullName: "Jamie" });
    clearDraft(store);
    expect(readDraft(store, "2030-01-01")).toEqual({});
    store.setItem("booking-draft", "{not json");
    expect(readDraft(store, "2030-01-01")).toEqual({});
    const refusing = {
      ...store,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => saveDraft(refusing, { fullName: "Jamie" })).not.toThrow();
  });
});
