import { useId, type ReactNode } from 'react';

/** A card of a long form (product form, quote form): a titled section with its icon, named by its heading. */
export function FormSection({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="mb-6 flex items-center gap-3 text-lg font-semibold text-gray-900">
        <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-800">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
