import type { ReactNode } from 'react';
import { CheckIcon, LogoMark } from './icons';

interface FormShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Already have an account? Login"). */
  footer?: ReactNode;
  /** Points shown on the brand panel beside the card on wide screens. */
  highlights?: readonly string[];
  highlightsTitle?: string;
}

/** The frame of the account screens: a form card, with a brand panel beside it on wide screens. */
export function FormShell({ title, subtitle, children, footer, highlights, highlightsTitle }: FormShellProps) {
  const withPanel = Boolean(highlights?.length);
  return (
    <section className="bg-gradient-to-b from-brand-50 via-white to-white px-4 py-10 sm:py-16">
      <div
        className={`mx-auto grid items-stretch gap-0 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-black/5 ${
          withPanel ? 'max-w-5xl lg:grid-cols-[5fr_6fr]' : 'max-w-md'
        }`}
      >
        {withPanel && (
          <aside className="relative hidden flex-col justify-between overflow-hidden bg-brand-900 p-10 text-white lg:flex">
            {/* Decorative circles: the same corners in both directions (not mirrored). */}
            <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-brand-700/40" />
            <div aria-hidden="true" className="pointer-events-none absolute -bottom-28 -left-16 size-72 rounded-full bg-accent-500/20" />
            <div className="relative">
              <LogoMark size={48} />
              {highlightsTitle && <p className="mt-6 text-2xl font-semibold leading-snug">{highlightsTitle}</p>}
            </div>
            <ul className="relative mt-10 space-y-4">
              {highlights?.map((h) => (
                <li key={h} className="flex items-start gap-3 text-brand-50">
                  <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-900">
                    <CheckIcon size={14} strokeWidth={3} />
                  </span>
                  <span>{h}</span>
                </li>
              ))}
            </ul>
          </aside>
        )}
        <div className="p-6 sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-gray-600">{subtitle}</p>}
          <div className="mt-8">{children}</div>
          {footer && <div className="mt-8 border-t border-gray-100 pt-6 text-center text-sm text-gray-700">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
