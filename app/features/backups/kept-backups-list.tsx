import { Download } from "lucide-react";
import { zonedFormatter } from "~/lib/business-date";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";
import { fileSize } from "./backup-text";
import type { KeptBackup } from "./backups.schema";

/**
 * The nightly archives kept on the server, newest first, each a download (GET /api/backups/nightly/{name}):
 * when it was made on the shop's clock first, then its file's name (which sorts, as the machine
 * names it) and size.
 */
export function KeptBackupsList({ kept, empty }: { kept: KeptBackup[]; empty: string }) {
  const { timeZone } = useSite();
  const when = zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  if (kept.length === 0) return <p className="mt-2 text-sm text-slate-700">{empty}</p>;
  return (
    <ul aria-label="Nightly backups kept" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
      {kept.map((backup) => (
        <li key={backup.name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="mr-auto min-w-0">
            <p className="font-semibold text-slate-900">{when.format(new Date(backup.madeAt))}</p>
            <p className="text-sm text-slate-600">
              <span className="font-mono break-all">{backup.name}</span> · {fileSize(backup.bytes)}
            </p>
          </div>
          <a
            href={`/api/backups/nightly/${encodeURIComponent(backup.name)}`}
            download={backup.name}
            className={`inline-flex items-center gap-1.5 ${buttonClass({ variant: "outline", size: "sm" })}`}
          >
            <Download aria-hidden className="size-4" />
            Download<span className="sr-only"> {backup.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
