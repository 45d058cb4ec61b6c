import { useId, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { uploadWithProgress } from "./upload-with-progress";

/**
 * A photo chosen for a form: uploaded the moment it is picked (the form then sends only its
 * address), starting from the photo the entry already has, if any.
 */
export function usePhotoUpload(initial: string | null = null) {
  const toast = useToast();
  const [url, setUrl] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  // A new key empties the file input, which cannot be cleared from React's side.
  const [inputKey, setInputKey] = useState(0);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      setUrl(await uploadWithProgress(file, setProgress));
    } catch (error) {
      // The photo shown before the failed try stays.
      setInputKey((k) => k + 1);
      void toast({
        title: "Upload failed",
        // The specification's words, then the server's reason when it gave one.
        description: ["Image upload failed. Try again.", error instanceof Error ? error.message : ""]
          .filter((text, i, all) => text && all.indexOf(text) === i)
          .join(" "),
        tone: "error",
      });
    } finally {
      setProgress(null);
    }
  }

  function reset() {
    setUrl(initial);
    setProgress(null);
    setInputKey((k) => k + 1);
  }

  return { url, isNew: url !== initial, progress, uploading: progress !== null, inputKey, choose, reset };
}

export type PhotoUpload = ReturnType<typeof usePhotoUpload>;

/** The file input, the upload's progress, and the photo as it will be saved. */
export function PhotoUploadField({
  upload,
  label,
  previewAlt,
  currentAlt,
}: {
  upload: PhotoUpload;
  label: string;
  /** The alternative text of a photo uploaded just now. */
  previewAlt: string;
  /** The alternative text of the photo the entry already had, when it can have one. */
  currentAlt?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        key={upload.inputKey}
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        aria-describedby={`${id}-hint`}
        onChange={(event) => upload.choose(event.target.files?.[0])}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        JPEG or PNG, up to 50 MB. It is resized and its location data removed.
      </p>
      {upload.progress !== null && (
        <div className="mt-2">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-700">
            Uploading… {Math.round(upload.progress * 100)}%
          </label>
          <progress id={`${id}-progress`} max={1} value={upload.progress} className="mt-1 block h-2 w-full" />
        </div>
      )}
      {upload.url && (
        <img
          src={upload.url}
          alt={upload.isNew ? previewAlt : (currentAlt ?? previewAlt)}
          width={320}
          height={200}
          className="mt-3 h-40 w-64 rounded-lg object-cover"
        />
      )}
    </div>
  );
}
