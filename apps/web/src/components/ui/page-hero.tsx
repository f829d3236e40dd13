import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The green title band at the top of inner pages. */
export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      {/* Decorative circles: the same corners in both directions (not mirrored). */}
      <svg className="absolute -right-16 -top-16 h-72 w-72 text-white/5" viewBox="0 0 200 200" aria-hidden="true">
        <circle cx="100" cy="100" r="100" fill="currentColor" />
      </svg>
      <svg className="absolute -bottom-24 left-10 h-56 w-56 text-accent-400/10" viewBox="0 0 200 200" aria-hidden="true">
        <circle cx="100" cy="100" r="100" fill="currentColor" />
      </svg>
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </div>
  );
}
