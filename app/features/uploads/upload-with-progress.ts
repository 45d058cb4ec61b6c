import { MAX_UPLOAD_BYTES } from "./uploads.schema";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * POSTs one file to /api/uploads, reporting progress from 0 to 1. XMLHttpRequest, because
 * fetch cannot report upload progress. Resolves with the stored file's address.
 */
export function uploadWithProgress(file: File, onProgress: (fraction: number) => void): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new UploadError("Max file size 50MB", 413));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/uploads");
    request.responseType = "json";
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = request.response as {
        success?: boolean;
        data?: { display_url?: string };
        error?: { message?: string };
      } | null;
      if (request.status === 401)
        window.location.assign(`/login?redirectTo=${encodeURIComponent(window.location.pathname)}`);
      if (request.status === 200 && body?.success && body.data?.display_url) resolve(body.data.display_url);
      else reject(new UploadError(body?.error?.message ?? "Image upload failed. Try again.", request.status));
    };
    request.onerror = () => reject(new UploadError("Image upload failed. Try again.", 0));
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}
