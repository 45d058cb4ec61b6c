import { describe, expect, it } from "vitest";
import { buildShownBooking } from "../../../tests/factories";
import { loaderI18n } from "~/lib/i18n/catalog.server";
import { arriveBetween, lengthAndFinish, visitDayAndWindow } from "./visit-text";
import {
  arriveWords,
  dayAndWindowWords,
  lengthAndFinishWords,
  lineLabelWords,
  serviceWords,
  slotWindowWords,
  vehicleWords,
} from "./visit-words";

/** Issue 49: a visit said on a customer's page, in English exactly as visit-text.ts says it, and in Spanish. */
describe("a visit's words in the page's language", () => {
  const booking = buildShownBooking({
    preferredDate: "2026-11-28",
    arrival: { start: "11:00", end: "12:35" },
    minutes: 90,
    vehicleMake: "",
    vehicleModel: "",
    vehicleColor: "",
  });

  it("in English, visit-text.ts's words", async () => {
    const en = await loaderI18n("en");
    expect(dayAndWindowWords(en, booking)).toBe(visitDayAndWindow(booking));
    expect(arriveWords(en, booking.arrival!)).toBe(arriveBetween(booking.arrival!));
    expect(arriveWords(en, { start: "15:00", end: "15:00" })).toBe("Arrive at 3 PM");
    expect(lengthAndFinishWords(en, booking)).toBe(lengthAndFinish(booking));
    expect(dayAndWindowWords(en, { ...booking, arrival: null })).toBe("Sat, Nov 28, any time");
    expect(lineLabelWords(en, { kind: "service", label: "Full Detail (Medium)" })).toBe("Full Detail (Medium)");
    expect(vehicleWords(en, booking)).toBe("SUV (2020)");
  });

  it("in Spanish: days, windows, lengths, names", async () => {
    const es = await loaderI18n("es");
    const nbsp = (text: string) => text.replaceAll(" m.", "\u00a0m.");
    expect(dayAndWindowWords(es, booking)).toBe(nbsp("sáb, 28 nov, 11 a. m.–12:35 p. m."));
    expect(dayAndWindowWords(es, { ...booking, arrival: null })).toBe("sáb, 28 nov, a cualquier hora");
    expect(arriveWords(es, booking.arrival!)).toBe(nbsp("Llegada: 11 a. m.–12:35 p. m."));
    expect(slotWindowWords(es, "09:00–11:00")).toBe(nbsp("9–11 a. m."));
    expect(lengthAndFinishWords(es, booking)).toBe(nbsp("1 h 30 min · listo entre las 12:30 y las 2:05 p. m."));
    // The hour's article: "la 1", "las 2".
    const atOne = { arrival: { start: "11:00", end: "12:00" }, minutes: 120 };
    expect(lengthAndFinishWords(es, atOne)).toBe(nbsp("2 h · listo entre la 1 y las 2 p. m."));
    expect(serviceWords(es, { serviceType: "Hand Wash", packageName: null })).toBe("Lavado a mano");
    expect(serviceWords(es, booking)).toBe("Platinum Full Detail");
    expect(vehicleWords(es, { ...booking, vehicleType: "Car" })).toBe("Auto (2020)");
    expect(lineLabelWords(es, { kind: "service", label: "Full Detail (Medium)" })).toBe("Detallado completo (Medium)");
    expect(lineLabelWords(es, { kind: "promo", label: "WASH5 (10% off)" })).toBe("WASH5 (10% de descuento)");
    expect(lineLabelWords(es, { kind: "club", label: "Wash Club (Gold): covered" })).toBe(
      "Club de Lavado (Gold): incluido",
    );
    expect(lineLabelWords(es, { kind: "oil", label: "Synthetic oil" })).toBe("Aceite Synthetic");
    expect(lineLabelWords(es, { kind: "add-on", label: "Tire Shine" })).toBe("Tire Shine");
  });
});
