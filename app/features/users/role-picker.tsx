import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ROLE_LABELS, ROLES, roleOf, type Role } from "~/lib/roles";

/**
 * A user's role on All Users: a select of the four and a Save, which asks first (onChoose). When
 * the role may not change (one's own; the last admin), the role stays shown and the reason is said.
 */
export function RolePicker({
  name,
  role,
  blocked,
  onChoose,
}: {
  name: string;
  role: Role;
  blocked: string | null;
  onChoose(role: Role): void;
}) {
  // Keyed by the role where it is used: the list read again after a change starts it afresh.
  const [choice, setChoice] = useState<Role>(role);
  if (blocked)
    return (
      <div className="max-w-48">
        <RoleBadge role={role} />
        <p className="mt-1 text-xs text-slate-600">{blocked}</p>
      </div>
    );
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice !== role) onChoose(choice);
      }}
    >
      <select
        aria-label={`Role of ${name}`}
        value={choice}
        onChange={(event) => setChoice(roleOf(event.target.value))}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="submit" disabled={choice === role} className={buttonClass({ variant: "outline", size: "sm" })}>
        Save<span className="sr-only"> the role of {name}</span>
      </button>
    </form>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  const strong = role === "admin" || role === "manager";
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${strong ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}
