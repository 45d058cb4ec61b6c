import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import { waitForHydration } from "./support";

/**
 * Issue 49: a customer whose browser prefers Spanish (it sends Accept-Language es-MX), on a phone.
 * The site offers Spanish without moving them; the whole booking, its e-mail and a reschedule from
 * the manage link are in Spanish. The texts each page shows are checked in both languages by
 * server/api/page-languages.api.test.ts; this is the journey through them.
 */
test.use({ locale: "es-MX" });

/** Words the shared day and time choices said in English before they took the page's language. */
const ENGLISH_CHOICES = /\b(left|AM|PM|Passed|Full|Closed|Anytime|Earlier|Later)\b/;

/** The first arrival window with a place left in a group of time choices ("9–11 a. m. (quedan 3)"). */
const freeWindow = (page: Page, group: string) =>
  page
    .getByRole("group", { name: group })
    .getByRole("radio", { name: /\(quedan \d+\)$/i, disabled: false })
    .first();

test("a visitor whose browser prefers Spanish books a Full Detail for an SUV from /es and reschedules it @phone", async ({
  page,
  adminPage,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("espanol");
  await page.goto("/");
  await waitForHydration(page);
  const offer = page.getByRole("complementary", { name: "Idioma" });
  await expect(offer).toContainText("Esta página también está en español.");
  await offer.getByRole("link", { name: "Ver en español" }).click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  // The choice is remembered: Spanish is no longer offered, English is not either.
  await expect(page.getByRole("complementary", { name: "Language" })).toHaveCount(0);

  await page.getByRole("link", { name: "Reserva ahora" }).first().click();
  await expect(page).toHaveURL(/\/es\/contact$/);
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Tipo de vehículo", exact: true }).selectOption("SUV");
  await page
    .getByRole("group", { name: "Tipo de servicio" })
    .getByRole("radio", { name: /^Detallado completo/ })
    .check();
  const days = page.getByRole("group", { name: "Fecha preferida" });
  await expect(days).not.toHaveAttribute("aria-busy", "true");
  await expect(days.getByRole("radio", { checked: true })).toHaveAccessibleName(
    /^(lun|mar|mié|jue|vie|sáb|dom), \d{1,2} [a-z]{3}/,
  );
  for (const group of ["Fecha preferida", "Horario preferido"])
    await expect(page.getByRole("group", { name: group })).not.toContainText(ENGLISH_CHOICES);
  await freeWindow(page, "Horario preferido").check();
  await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Lucía Hernández");
  await page.getByRole("textbox", { name: "Teléfono", exact: true }).fill("(555) 201-3344");
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar solicitud de cita" }).click();

  await expect(page.getByRole("status").getByText("¡Solicitud de cita enviada!")).toBeVisible();
  await expect(page).toHaveURL(/\/es\/booking\/manage\/[^/]+\?new=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tu cita" })).toBeFocused();
  const visit = page.getByRole("region", { name: "Tu visita" });
  await expect(visit).toContainText("Detallado completo");
  await expect(visit).toContainText(/\d{1,2}(:\d\d)? (a|p)\.\s?m\./);
  await expect(page.getByRole("heading", { name: `Te enviamos un correo a ${email}` })).toBeVisible();

  // The confirmation e-mail, as the shop's outbox keeps it: in Spanish, subject included.
  await adminPage.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const confirmation = adminPage.getByRole("article", { name: /^Recibimos tu solicitud de cita – / });
  await expect(confirmation).toContainText("Servicio: Detallado completo");
  await expect(confirmation).toContainText("Vehículo: SUV");

  // Rescheduled from the manage page, in Spanish: another day, its first window with a place.
  const reschedule = page.getByRole("region", { name: "Cambiar fecha u hora" });
  await reschedule
    .getByRole("group", { name: "Nueva fecha" })
    .getByRole("radio", { checked: false, disabled: false })
    .nth(1)
    .check();
  await expect(page.getByRole("group", { name: "Nueva hora de llegada" }).getByRole("radio").first()).toBeVisible();
  await expect(reschedule).not.toContainText(ENGLISH_CHOICES);
  await freeWindow(page, "Nueva hora de llegada").check();
  await reschedule.getByRole("button", { name: "Cambiar mi cita" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cita cambiada" })).toContainText("Te esperamos el ");

  await adminPage.reload();
  await expect(adminPage.getByRole("article", { name: /^Cambiaste tu cita – / })).toBeVisible();
});
