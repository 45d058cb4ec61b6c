import { describe, expect, it } from "vitest";
import { passwordResetEmail, verifyEmailEmail } from "./templates";

const business = {
  name: "Sparkle & Shine",
  address: "1 Main St",
  phone: "(555) 010-0000",
  publicUrl: "https://carwash.example",
};
const url = "https://carwash.example/api/auth/reset-password/abc?callbackURL=%2Freset&x=1";

describe("the account e-mails", () => {
  it.each([
    ["reset password", passwordResetEmail, "Reset your Sparkle & Shine password", "Choose a new password"],
    [
      "confirm the address",
      verifyEmailEmail,
      "Confirm your e-mail address for Sparkle & Shine",
      "Confirm my e-mail address",
    ],
  ])(
    "%s: in the booking e-mails' layout, the link first in the text, every text escaped",
    (_, write, subject, action) => {
      const mail = write({ to: "ann@example.com", name: "Ann <b>Lee</b>", url, business });
      expect(mail.subject).toBe(subject);
      // The text's first address is the link to open (tests and mail readers take the first).
      expect(mail.text.match(/https?:\/\/\S+/)![0]).toBe(url);
      expect(mail.text).toContain(`${action}: ${url}`);
      expect(mail.text).toContain("Hi Ann <b>Lee</b>,");
      expect(mail.text).toMatch(/--\nSparkle & Shine\n1 Main St\n\(555\) 010-0000\nhttps:\/\/carwash.example$/);
      // The layout's header, button and footer, as every booking e-mail has them.
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain("Sparkle &amp; Shine</td>");
      expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
      expect(mail.html).toContain(`>${action}</a>`);
      expect(mail.html).toContain("Hi Ann &lt;b&gt;Lee&lt;/b&gt;,");
      expect(mail.html).not.toContain("<b>");
    },
  );
});
