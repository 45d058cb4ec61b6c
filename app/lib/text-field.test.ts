import { describe, expect, it } from "vitest";
import { isPlainText, PLAIN_TEXT_MESSAGE, textField } from "./text-field";

describe("isPlainText", () => {
  it.each(["Ann Lee", "Crème brûlée 🚗", "O'Brien-Smith (Jr.)", "", "日本語"])("accepts %j", (value) => {
    expect(isPlainText(value)).toBe(true);
  });

  it.each(["a\u0000b", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b", "a\tb", "a\nb", "a\rb", "a\ud800b", "a\udfff"])(
    "refuses %j on one line",
    (value) => {
      expect(isPlainText(value)).toBe(false);
    },
  );

  it("keeps tabs and line breaks in a multi-line field, and nothing else", () => {
    expect(isPlainText("one\ntwo\r\n\tthree", { multiLine: true })).toBe(true);
    for (const value of ["a\u0000b", "a\u000bb", "a\u001fb", "a\ud83db"]) {
      expect(isPlainText(value, { multiLine: true })).toBe(false);
    }
  });

  it("accepts a surrogate pair and refuses either half alone", () => {
    expect(isPlainText("\ud83d\ude97")).toBe(true);
    expect(isPlainText("\ud83d")).toBe(false);
    expect(isPlainText("\ude97\ud83d")).toBe(false);
  });
});

describe("textField", () => {
  it("refuses control characters with its message, and other types with the field's", () => {
    const name = textField({ message: "Name is required" }).trim().min(1, "Name is required");
    expect(name.parse("  Ann ")).toBe("Ann");
    expect(name.safeParse("A\u0000").error?.issues[0]?.message).toBe(PLAIN_TEXT_MESSAGE);
    expect(name.safeParse(null).error?.issues[0]?.message).toBe("Name is required");
    expect(textField({ invalid: "One line only" }).safeParse("a\nb").error?.issues[0]?.message).toBe("One line only");
  });
});
