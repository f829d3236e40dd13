import type { Product } from '@agro/shared';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { takingOver } from '@/lib/hydrate-in-parts';
import { loadProductTexts } from '@/lib/i18n';

type Details = ComponentType<{ product: Product }>;
const TradeDetails = lazy(() => import('./trade-details').then((m) => ({ default: m.TradeDetails })));

/** Suspends until the page's texts have the trade details' (one load per catalogue: lib/i18n.ts). */
const textsLoaded = new WeakSet<Promise<void>>();
function WithProductTexts({ children }: { children: ReactNode }) {
  const loading = loadProductTexts();
  if (!textsLoaded.has(loading)) throw loading.then(() => void textsLoaded.add(loading));
  return children;
}

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
 * The product page's 'Trade details' (trade-details.tsx), which a first page gets as the server's
 * HTML only (docs/decisions/036-trade-details-as-server-html.md): the block is read, never used,
 * so the browser keeps the server's HTML as it is (Preact does not touch an element's
 * dangerouslySetInnerHTML while it hydrates) and neither its code nor its texts come with the first
 * page. A product page the app draws itself (a link followed in the app, a signed-in visitor's
 * first page) loads them, then draws it.
 */
export function TradeBlock({ product }: { product: Product }) {
  const [kept] = useState(takingOver);
  if (inPlace) {
    const Details = inPlace;
    return (
      <div data-trade-block="">
        <Details product={product} />
      </div>
    );
  }
  if (kept) return <div data-trade-block="" dangerouslySetInnerHTML={{ __html: '' }} />;
  return (
    <div data-trade-block="">
      <Suspense fallback={null}>
        <WithProductTexts>
          <TradeDetails product={product} />
        </WithProductTexts>
      </Suspense>
    </div>
  );
}
