import { requireJob, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { newObjectId } from "~/lib/object-id";
import { claimedKinds, KIND_INFO, sniffKind, type FileKind } from "~/.server/storage/file-kind";
import type { FileStorage } from "~/.server/storage/file-storage";
import { CARD_IMAGE_WIDTH, cardImageName } from "~/lib/image-variants";
import { MAX_UPLOAD_BYTES } from "./uploads.schema";

/** Larger images are refused before decoding, so a small file cannot claim gigapixels (a "bomb"). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Images are stored at most this wide or tall: plenty for any card or page of the site. */
export const MAX_IMAGE_SIDE = 2048;

const ACCEPTED = "Only JPEG, PNG, PDF or MP4 files can be uploaded.";

export interface UploadResult {
  success: true;
  data: { display_url: string };
}

export function createUploadService(storage: FileStorage) {
  return {
    /** POST /api/uploads (admins): checks what the file really is, re-encodes images, stores it. */
    async upload(actor: Actor | null, file: File): Promise<UploadResult> {
      requireJob(actor, "catalogue");
      if (file.size > MAX_UPLOAD_BYTES) throw new AppError("payload_too_large", "Max file size 50MB");
      if (file.size === 0)
        throw new AppError("validation_failed", "The file is empty.", { image: "The file is empty." });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = sniffKind(bytes);
      if (!kind) throw new AppError("validation_failed", ACCEPTED, { image: ACCEPTED });
      refuseMismatch(kind, file);

      const id = newObjectId();
      if (kind !== "jpeg" && kind !== "png") {
        await storage.save(`${id}.${kind}`, bytes);
        return { success: true, data: { display_url: `/uploads/${id}.${kind}` } };
      }
      // A card-sized copy beside the full one, so a grid of cards never downloads full photos.
      const [full, card] = await Promise.all([toWebp(bytes, MAX_IMAGE_SIDE), toWebp(bytes, CARD_IMAGE_WIDTH)]);
      await storage.save(cardImageName(id), card);
      await storage.save(`${id}.webp`, full);
      return { success: true, data: { display_url: `/uploads/${id}.webp` } };
    },

    /** Removes an upload no entry shows any more: the file and, for a photo, its card-sized copy. */
    async discard(url: string | null): Promise<void> {
      const stored = url ? storedUpload(url) : null;
      if (!stored) return;
      await storage.remove(`${stored.id}.${stored.extension}`);
      if (stored.extension === "webp") await storage.remove(cardImageName(stored.id));
    },
  };
}

/** "/uploads/<id>.webp" → its id and extension; null for any other address (a web link is not ours to delete). */
function storedUpload(url: string): { id: string; extension: string } | null {
  const match = /^\/uploads\/([0-9a-f]{24})\.(webp|pdf|mp4)$/.exec(url);
  return match ? { id: match[1]!, extension: match[2]! } : null;
}

function refuseMismatch(kind: FileKind, file: File) {
  const { byName, byType } = claimedKinds(file.name, file.type);
  for (const [claim, what] of [
    [byType, `declared as ${file.type}`],
    [byName, `named ${file.name}`],
  ] as const) {
    if (claim && claim !== kind) {
      const message = `This file is a ${KIND_INFO[kind].label} but was ${what}. Upload it as what it is.`;
      throw new AppError("validation_failed", message, { image: message });
    }
  }
}

/** Re-encodes to WebP: upright, at most `side` pixels a side, and without metadata (GPS, camera serials). */
async function toWebp(bytes: Uint8Array, side: number): Promise<Uint8Array> {
  // Loaded on the first upload, not at start: sharp maps libvips, some 29 MB resident, which a
  // process that never takes an upload would carry all its life (benchmark 040).
  const { default: sharp } = await import("sharp");
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
    return await image
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    const message = /pixel limit/i.test(String(error))
      ? `This image is too large to process (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`
      : "This image could not be read. Try another file.";
    throw new AppError("validation_failed", message, { image: message });
  }
}
