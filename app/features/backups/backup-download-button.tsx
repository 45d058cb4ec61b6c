import { Download } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { fileSize } from "./backup-text";

type State =
  | { step: "idle" }
  | { step: "preparing" }
  | { step: "downloading"; received: number; total: number }
  | { step: "saved"; name: string; bytes: number }
  | { step: "failed"; message: string };

const ARCHIVE_URL = "/api/backups/archive";

/** Saves bytes the page holds as a file, under the server's name for it. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Download a backup now" (GET /api/backups/archive). Fetched by the page rather than followed as a
 * link, so it can say what happens meanwhile: the server first makes the whole archive (seconds,
 * more with many bookings: the embedded site pauses while its database is copied), then sends it.
 */
export function BackupDownloadButton({ embedded }: { embedded: boolean }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ step: "idle" });
  const busy = state.step === "preparing" || state.step === "downloading";

  async function download() {
    setState({ step: "preparing" });
    try {
      const response = await fetch(ARCHIVE_URL, { credentials: "same-origin" });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
        throw new Error(body?.error?.message || `The server answered ${response.status}.`);
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "backup.tar.gz";
      const total = Number(response.headers.get("content-length") ?? 0);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        setState({ step: "downloading", received, total });
      }
      save(new Blob(chunks, { type: "application/gzip" }), name);
      setState({ step: "saved", name, bytes: received });
    } catch (error) {
      const message = error instanceof TypeError ? "We couldn't reach the server." : (error as Error).message;
      setState({ step: "failed", message: `No backup was downloaded. ${message} Please try again.` });
    }
  }

  return (
    <div>
      <button
        type="button"
        onClick={download}
        disabled={busy || !hydrated}
        aria-describedby="backup-download-status"
        className={`inline-flex items-center gap-2 ${buttonClass({ size: "lg" })}`}
      >
        <Download aria-hidden className="size-5" />
        {state.step === "preparing"
          ? "Preparing…"
          : state.step === "downloading"
            ? "Downloading…"
            : "Download a backup now"}
      </button>
      <div id="backup-download-status" role="status" className="mt-3 text-sm text-slate-700">
        {state.step === "preparing" && (
          <p>
            Preparing the backup: the server copies the database and the uploaded files into one archive.
            {embedded &&
              " The site pauses for customers while the database is copied (seconds, longer with many bookings)."}
          </p>
        )}
        {state.step === "downloading" && (
          <div className="flex flex-wrap items-center gap-3">
            <progress
              className="h-2 w-48 max-w-full accent-brand-700"
              max={state.total || undefined}
              value={state.received}
              aria-label="Backup downloaded"
            />
            <span>
              {fileSize(state.received)}
              {state.total > 0 && ` of ${fileSize(state.total)}`}
            </span>
          </div>
        )}
        {state.step === "saved" && (
          <p className="font-medium text-green-800">
            Saved {state.name} ({fileSize(state.bytes)}). Keep it somewhere other than this server.
          </p>
        )}
        {state.step === "failed" && <p className="font-medium text-red-800">{state.message}</p>}
      </div>
    </div>
  );
}
