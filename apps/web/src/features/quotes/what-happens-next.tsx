import { TIMINGS, UI_TEXT } from '@agro/shared';
import { useId } from 'react';
import { localizeMessage, t } from '@/lib/i18n';

const STEPS = ['review', 'quote', 'confirm'] as const;

/** The 3-step explainer beside the quote form (SPEC.md section 2). */
export function WhatHappensNext() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-accent-400/40 bg-amber-50 p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {localizeMessage(UI_TEXT.whatHappensNext)}
      </h2>
      <ol className="mt-5 space-y-5">
        {STEPS.map((step, i) => (
          <li key={step} className="flex gap-4">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="font-medium text-gray-900">{t(`quoteForm.next.${step}Title`)}</p>
              <p className="mt-1 text-sm text-gray-700">{t(`quoteForm.next.${step}Text`, { hours: TIMINGS.replyPromiseHours })}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
