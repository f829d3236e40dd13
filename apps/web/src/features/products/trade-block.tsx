import type { Product } from '@agro/shared';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { takingOver } from '@/lib/hydrate-in-parts';
import { addPart, intlLocale, t } from '@/lib/i18n';
import type { TradeDetailsProps } from './trade-details';

type Details = ComponentType<TradeDetailsProps & Partial<Parameters<typeof import('./trade-details').default>[0]>>;
/** The block with its texts, for a product page the app draws itself (trade-details.tsx). */
const Drawn = lazy(() => import('./trade-details'));

/** The block the server's render draws in place (entry-server.tsx hands it over for one render): the browser's bundle never holds it. */
let inPlace: Details | undefined;
export function withTradeDetailsInPlace<T>(details: Details, render: () => T): T {
  inPlace = details;
  try {
    return render();
  } finally {
    inPlace = undefined;
  }
}

/**
 * The product page's 'Trade details', which a first page gets as the server's HTML only
 * (docs/decisions/036-trade-details-as-server-html.md): the block is read, never used, so the
 * browser keeps the server's HTML as it is (Preact does not touch an element's
 * dangerouslySetInnerHTML while it hydrates) and neither its code nor its texts come with the first
 * page. A product page the app draws itself (a link followed in the app, a signed-in visitor's
 * first page) loads them, then draws it.
 */
export function TradeBlock({ product }: { product: Product }) {
  const [kept] = useState(takingOver);
  const Details = inPlace ?? (kept ? undefined : Drawn);
  if (!Details) return <div dangerouslySetInnerHTML={{ __html: '' }} />;
  return (
    <div>
      <Suspense fallback={null}>
        <Details product={product} t={t} locale={intlLocale()} addPart={addPart} />
      </Suspense>
    </div>
  );
}
