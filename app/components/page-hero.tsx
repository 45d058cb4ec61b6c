/** The dark band at the top of inner pages, holding the page's one h1. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-14 text-white sm:py-16">
      <div className="mx-auto max-w-6xl">
        {eyebrow && <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </section>
  );
}
