/**
 * Where a visit is on the day, beside the booking's status (pending, confirmed, cancelled keep the
 * specification's meaning): the car arrives, is worked on, is ready, is collected; or the customer
 * never came. Null until then.
 */
export const VISIT_STAGES = ["checked-in", "in-progress", "ready", "collected", "no-show"] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

export const STAGE_LABELS: Record<VisitStage, string> = {
  "checked-in": "Checked in",
  "in-progress": "In progress",
  ready: "Ready for pickup",
  collected: "Collected",
  "no-show": "No-show",
};

/** The buttons that move a visit on, in the order the day runs: the label says what pressing it does. */
const NEXT_STEP: Record<"none" | VisitStage, { stage: VisitStage; label: string } | null> = {
  none: { stage: "checked-in", label: "Check in" },
  "checked-in": { stage: "in-progress", label: "Start work" },
  "in-progress": { stage: "ready", label: "Mark ready" },
  ready: { stage: "collected", label: "Collected" },
  collected: null,
  "no-show": null,
};

export function nextStep(stage: VisitStage | null) {
  return NEXT_STEP[stage ?? "none"];
}

/** Stages during which the car is at the shop. */
export const ON_SITE_STAGES: readonly VisitStage[] = ["checked-in", "in-progress", "ready"];
