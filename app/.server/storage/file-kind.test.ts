import { describe, expect, it } from "vitest";
import { claimedKinds, sniffKind } from "./file-kind";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffKind", () => {
  it.each([
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF")],
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR")],
    ["pdf", bytes("%PDF-1.7\n")],
    ["mp4", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0])],
    ["mp4", bytes([0, 0, 0, 0x20], "ftypmp42")],
  ])("recognises %s by its first bytes", (kind, content) => {
    expect(sniffKind(content)).toBe(kind);
  });

  it.each([
    ["an ELF executable", bytes([0x7f], "ELF", [2, 1, 1])],
    ["a Windows executable", bytes("MZ", [0x90, 0])],
    ["HTML", bytes("<!doctype html><script>")],
    ["SVG", bytes("<svg xmlns=")],
    ["a QuickTime movie", bytes([0, 0, 0, 0x14], "ftypqt  ")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_label, content) => {
    expect(sniffKind(content)).toBeNull();
  });
});

describe("claimedKinds", () => {
  it("reads the extension and the declared type", () => {
    expect(claimedKinds("car.JPG", "image/png")).toEqual({ byName: "jpeg", byType: "png" });
    expect(claimedKinds("car", "application/octet-stream")).toEqual({ byName: undefined, byType: undefined });
    expect(claimedKinds("invoice.pdf", "application/pdf; charset=binary")).toEqual({ byName: "pdf", byType: "pdf" });
    expect(claimedKinds("setup.exe", "application/x-msdownload")).toEqual({ byName: "other", byType: "other" });
  });
});
