/** A section's eyebrow, h2 and lead, with the id its section is labelled by. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="max-w-3xl">
      {eyebrow && <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-1 text-3xl font-bold text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-lg text-slate-700">{children}</p>}
    </div>
  );
}
