/** The dark band at the top of inner pages, holding the page's one h1 and, on wide screens, an illustration. */
export function PageHero({
  eyebrow,
  title,
  image,
  children,
}: {
  eyebrow?: string;
  title: string;
  image?: { src: string; alt: string };
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-14 text-white sm:py-16">
      <div className={`mx-auto grid max-w-6xl items-center gap-10 ${image ? "lg:grid-cols-[1fr_26rem]" : ""}`}>
        <div>
          {eyebrow && <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">{eyebrow}</p>}
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
        </div>
        {image && (
          // Shown from the desktop breakpoint only; lazy, so phones never download it.
          <img
            src={image.src}
            alt={image.alt}
            width={800}
            height={560}
            loading="lazy"
            decoding="async"
            className="hidden aspect-[10/7] w-full rounded-2xl shadow-2xl ring-1 ring-white/20 lg:block"
          />
        )}
      </div>
    </section>
  );
}
