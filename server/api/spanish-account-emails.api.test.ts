import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { PAGE_LANGUAGE_HEADER } from "~/lib/page-locale";
import { callAs, jsonPost, signUp } from "../../tests/accounts";
import { writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 49: an account's e-mails are in the member's language (their setting), else in the
 * language of the page that asked for them (X-Page-Language, which apiFetch sends from /es).
 * Their English words are accounts.api.test.ts's.
 */
const t = setupTestApp();

describe("a Spanish member's account e-mails", () => {
  it("a password reset, by the member's setting", async () => {
    const member = await signUp(t, { name: "Lucía Gómez" });
    expect((await callAs(t, member, "/api/me/language", jsonPost({ locale: "es" }, { method: "PUT" }))).status).toBe(
      200,
    );
    const asked = await t.request(
      "/api/auth/request-password-reset",
      jsonPost({ email: member.email, redirectTo: "/es/reset-password" }),
    );
    expect(asked.status).toBe(200);
    const [mail] = await writtenMessages(t, eq(outbox.to, member.email));
    expect(mail!.subject).toBe("Restablece tu contraseña de Sparkle Auto Spa");
    expect(mail!.text).toContain("Hola, Lucía Gómez:");
    expect(mail!.text).toContain("Elegir una nueva contraseña: http");
  });

  it("the address's confirmation at sign-up from a Spanish page", async () => {
    const signUpFromEs = jsonPost({ name: "Mateo", email: "mateo@example.com", password: "lavado-y-cera" });
    const answer = await t.request("/api/auth/sign-up/email", {
      ...signUpFromEs,
      headers: { ...(signUpFromEs.headers as Record<string, string>), [PAGE_LANGUAGE_HEADER]: "es" },
    });
    expect(answer.status).toBe(200);
    const [mail] = await writtenMessages(t, eq(outbox.to, "mateo@example.com"));
    expect(mail!.subject).toBe("Confirma tu correo electrónico para Sparkle Auto Spa");
    expect(mail!.html).toContain('<html lang="es">');
  });
});
