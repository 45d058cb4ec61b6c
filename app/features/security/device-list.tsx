import { Monitor } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import { zonedFormatter } from "~/lib/business-date";
import { useSite } from "~/lib/use-site";
import type { DeviceSession } from "./security.schema";

/** An account's sessions, this device first; each other one signs out with its own button, or all at once. */
export function DeviceList({ devices }: { devices: DeviceSession[] }) {
  const { timeZone } = useSite();
  const time = zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  const { busy, run } = useApiAction({ failureToast: "Not signed out" });
  const others = devices.filter((d) => !d.current).length;
  const signOut = (device: DeviceSession) =>
    run(async () => {
      await apiFetch(`/api/sessions/${encodeURIComponent(device.id)}`, { method: "DELETE" });
      return { title: "Signed out", description: `${device.device} is signed out.` };
    });
  const signOutOthers = () =>
    run(async () => {
      await apiFetch("/api/sessions", { method: "DELETE" });
      return { title: "Signed out", description: "Every other device is signed out." };
    });
  return (
    <>
      <ul className="mt-6 max-w-2xl space-y-3">
        {devices.map((device) => (
          <li
            key={device.id}
            aria-label={device.current ? `${device.device}, this device` : device.device}
            className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4"
          >
            <Monitor aria-hidden className="mt-1 size-5 shrink-0 text-slate-500" />
            <div className="min-w-56 flex-1">
              <p className="font-semibold text-slate-900">
                {device.device}
                {device.current && (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">
                    This device
                  </span>
                )}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                <dt>Signed in</dt>
                <dd>{time.format(new Date(device.signedInAt))}</dd>
                <dt>Last active</dt>
                <dd>{time.format(new Date(device.lastActiveAt))}</dd>
                <dt>IP address</dt>
                <dd className="break-all">{device.ipAddress || "Not known"}</dd>
              </dl>
            </div>
            {!device.current && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void signOut(device)}
                aria-label={`Sign out ${device.device}`}
                className={`ml-9 sm:ml-0 ${buttonClass({ variant: "secondary", size: "sm" })}`}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void signOutOthers()}
          className={`mt-6 ${buttonClass({ variant: "danger" })}`}
        >
          Sign out all other devices
        </button>
      ) : (
        <p className="mt-6 text-slate-700">You are signed in on this device only.</p>
      )}
    </>
  );
}
