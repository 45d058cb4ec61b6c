import type { Route } from "./+types/backups";
import { BackupDownloadButton } from "~/features/backups/backup-download-button";
import { KeptBackupsList } from "~/features/backups/kept-backups-list";
import { NightlyBackupsForm } from "~/features/backups/nightly-backups-form";
import { requireAdminPage } from "~/features/users/page-access.server";
import { zonedFormatter } from "~/lib/business-date";
import { clockMinutes, formatClock } from "~/lib/opening-hours";
import { useSite } from "~/lib/use-site";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdminPage(args);
  const overview = await args.context.services.nightlyBackups.overview(actor);
  return { ...overview, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Backups | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const card = "rounded-xl border border-slate-200 bg-white p-5";

export default function BackupsPage({ loaderData }: Route.ComponentProps) {
  const { engine, settings, folder, kept, lastFailure } = loaderData;
  const { timeZone } = useSite();
  const when = zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  const time = formatClock(clockMinutes(settings.backupTime));
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Backups</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        A backup is one file holding the whole site: bookings, accounts, settings, messages and the uploaded pictures.
        It can be restored on this server or another, into the embedded database or PostgreSQL, with{" "}
        <code className="text-sm">npm run restore</code>. It holds nothing that signs anyone in: after a restore
        everyone signs in again, and links already e-mailed work only with this site's{" "}
        <code className="text-sm">AUTH_SECRET</code> (<code className="text-sm">npm run auth-secret</code> prints it).
      </p>
      <div className="mt-6 grid max-w-4xl gap-6">
        <section aria-labelledby="backup-now-heading" className={card}>
          <h2 id="backup-now-heading" className="text-lg font-bold text-slate-900">
            Back up the whole site
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            Made now and saved by your browser. Keep copies away from this server: a backup on the same disk is lost
            with it.
          </p>
          <BackupDownloadButton embedded={engine === "pglite"} />
        </section>
        <section aria-labelledby="nightly-heading" className={card}>
          <h2 id="nightly-heading" className="text-lg font-bold text-slate-900">
            Nightly backups
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {settings.nightlyBackups
              ? `Made every night at ${time}. ${settings.backupKeep === 1 ? "The newest is" : `The newest ${settings.backupKeep} are`} kept on the server, in `
              : "Off. When on, they are kept on the server, in "}
            <code className="break-all">{folder}</code>.
          </p>
          {lastFailure && (
            <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              The last nightly backup failed ({when.format(new Date(lastFailure.at))}): {lastFailure.message}. It is
              tried again every 10 minutes.
            </p>
          )}
          <h3 className="mt-4 font-bold text-slate-900">Kept</h3>
          <KeptBackupsList
            kept={kept}
            empty={settings.nightlyBackups ? `None yet: the first is made at ${time}.` : "None."}
          />
          <div className="mt-6 border-t border-slate-200 pt-4">
            {/* Keyed by the saved values, so the form starts again from them after each save. */}
            <NightlyBackupsForm key={JSON.stringify(settings)} settings={settings} engine={engine} />
          </div>
        </section>
      </div>
    </>
  );
}
