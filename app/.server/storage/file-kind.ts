/**
 * What a file really is, from its first bytes: names and declared types are the sender's claims.
 * Only the four kinds the business accepts are recognised.
 */
export type FileKind = "jpeg" | "png" | "pdf" | "mp4";

export const KIND_INFO: Record<FileKind, { mime: string; extensions: string[]; declared: string[]; label: string }> = {
  jpeg: {
    mime: "image/jpeg",
    extensions: ["jpg", "jpeg", "jfif"],
    declared: ["image/jpeg", "image/jpg", "image/pjpeg"],
    label: "JPEG",
  },
  png: { mime: "image/png", extensions: ["png"], declared: ["image/png"], label: "PNG" },
  pdf: { mime: "application/pdf", extensions: ["pdf"], declared: ["application/pdf"], label: "PDF" },
  mp4: { mime: "video/mp4", extensions: ["mp4", "m4v"], declared: ["video/mp4"], label: "MP4" },
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  // ISO base media: a box size, then "ftyp", then an MP4-family brand.
  if (
    startsWith(bytes, ascii("ftyp"), 4) &&
    /^(isom|iso\d|mp4\d|avc1|M4V |mp41|mp42|dash)$/.test(String.fromCharCode(...bytes.slice(8, 12)))
  )
    return "mp4";
  return null;
}

/** What the sender claimed by name and by type: one of our kinds, "other", or nothing claimed. */
export function claimedKinds(
  fileName: string,
  declaredType: string,
): { byName?: FileKind | "other"; byType?: FileKind | "other" } {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const type = declaredType.toLowerCase().split(";")[0]!.trim();
  const find = (test: (info: (typeof KIND_INFO)[FileKind]) => boolean) =>
    (Object.keys(KIND_INFO) as FileKind[]).find((kind) => test(KIND_INFO[kind]));
  return {
    byName: extension ? (find((info) => info.extensions.includes(extension)) ?? "other") : undefined,
    byType:
      type && type !== "application/octet-stream"
        ? (find((info) => info.declared.includes(type)) ?? "other")
        : undefined,
  };
}
