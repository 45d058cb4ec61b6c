import { STAGE_LABELS, type VisitStage } from "../visit-stages";

const COLOURS: Record<VisitStage, string> = {
  "checked-in": "bg-sky-100 text-sky-900",
  "in-progress": "bg-indigo-100 text-indigo-900",
  ready: "bg-emerald-600 text-white",
  collected: "bg-slate-200 text-slate-800",
  "no-show": "bg-red-700 text-white",
};

/** Where a visit is on the day; nothing before the car arrives. */
export function VisitStageBadge({ stage }: { stage: VisitStage | null }) {
  if (!stage) return null;
  return <span className={`rounded px-2 py-0.5 text-xs font-bold ${COLOURS[stage]}`}>{STAGE_LABELS[stage]}</span>;
}
