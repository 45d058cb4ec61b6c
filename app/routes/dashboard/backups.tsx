import type { Route } from "./+types/backups";
import { BackupDownloadButton } from "~/features/backups/backup-download-button";
import { KeptBackupsList } from "~/features/backups/kept-backups-list";
import { NightlyBackupsForm } from "~/features/backups/nightly-backups-form";
import { requirePage } from "~/features/users/page-access.server";
import { zonedFormatter } from "~/lib/business-date";
import { clockMinutes, formatClock } from "~/lib/opening-hours";
import { useSite } from "~/lib/use-site";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/backups");
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
        It can be restored on this server or another. It holds nothing that signs anyone in: after a restore everyone
        signs in again.
      </p>
      {/* For whoever looks after the server: the commands and the folder stay out of the manager's way. */}
      <details className="mt-3 max-w-2xl text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-brand-700">How to restore</summary>
        <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <p>
            A backup is restored on the server by whoever looks after it, into an empty database, with the steps in the
            operations guide (<code>docs/operations.md</code>, “Backups and restore”):{" "}
            <code>npm run restore -- FILE</code>.
          </p>
          <p>
            Links already e-mailed (manage, review, unsubscribe) keep working only with this site's signing secret (
            <code>AUTH_SECRET</code>; <code>npm run auth-secret</code> prints it): the guide says how to carry it over.
          </p>
          <p>
            Nightly backups are in <code className="break-all">{folder}</code> on this server.
          </p>
        </div>
      </details>
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
              ? `Made every night at ${time}. ${settings.backupKeep === 1 ? "The newest is" : `The newest ${settings.backupKeep} are`} kept on the server.`
              : "Off. When on, they are kept on the server."}
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
