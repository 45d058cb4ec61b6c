import { useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

/**
 * A section of the counter's Today page with its own tasks (gift cards, the Wash Club): a heading
 * and one button per task; pressing one opens its panel below, pressing it again closes it.
 */
export function DeskSection<Task extends string>({
  id,
  title,
  tasks,
  children,
}: {
  id: string;
  title: string;
  /** Each task's key and its button's words. */
  tasks: { key: Task; label: string }[];
  /** The open task's panel, or nothing while none is open. */
  children: (open: Task | null) => ReactNode;
}) {
  const [open, setOpen] = useState<Task | null>(null);
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {tasks.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              aria-expanded={open === key}
              onClick={() => setOpen(open === key ? null : key)}
              className={buttonClass({ variant: open === key ? "primary" : "outline", size: "sm" })}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {children(open)}
    </section>
  );
}
