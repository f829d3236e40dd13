import { TIMINGS, UI_TEXT } from '@agro/shared';
import { useId } from 'react';

const WHAT_HAPPENS_NEXT = [
  {
    title: 'We review your request',
    text: 'Our export team checks the product, quantity, packaging and destination you asked for.',
  },
  {
    title: 'You receive a detailed quote',
    text: `Within ${TIMINGS.replyPromiseHours} hours we send prices, lead time and shipping terms to your company email.`,
  },
  {
    title: 'Samples and order confirmation',
    text: 'Approve the quote, ask for samples if you need them, and we start production and export paperwork.',
  },
] as const;

/** The 3-step explainer beside the quote form (SPEC.md section 2). */
export function WhatHappensNext() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-accent-400/40 bg-amber-50 p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {UI_TEXT.whatHappensNext}
      </h2>
      <ol className="mt-5 space-y-5">
        {WHAT_HAPPENS_NEXT.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="font-medium text-gray-900">{step.title}</p>
              <p className="mt-1 text-sm text-gray-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
