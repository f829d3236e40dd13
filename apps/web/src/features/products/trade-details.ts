import type { Language, Product, Texts, Translate } from '@agro/shared';
import { createElement as h, useId, type ReactNode } from 'react';

/**
 * Products' trade texts (locales/{lang}/product.json): a product's trade details and the products
 * page's filters, loaded by what shows them and not with every first page
 * (docs/decisions/036-trade-details-as-server-html.md). Each language's file is a static asset read
 * with fetch: no loader of it sits on the first page, and nothing here imports a module of the first
 * page (lib/i18n hands its functions over), which would change how the bundler splits it.
 */
const URLS = import.meta.glob<string>('../../../../../packages/shared/locales/*/product.json', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** The loader of `language`'s product.json, as lib/i18n's addPart takes it. */
export const productTextsLoader = (language: Language) => async (): Promise<{ default: Texts }> => {
  const response = await fetch(URLS[`../../../../../packages/shared/locales/${language}/product.json`]!);
  if (!response.ok) throw new Error(`product.json: ${response.status}`);
  return { default: (await response.json()) as Texts };
};

const loaded = new WeakSet<Promise<void>>();

/**
 * Its children once the page's texts have these: at once when they are there (`has`), else once
 * `load` (one promise per catalogue) has added them, suspending until then; while the server's page
 * is taken over, a suspended part keeps the server's HTML.
 */
export function WhenTextsLoaded({ has, load, children }: { has: boolean; load: () => Promise<void>; children: ReactNode }) {
  if (has) return children;
  const loading = load();
  // Settled either way: texts that could not be fetched show their keys once, rather than suspending again and again.
  const settle = () => void loaded.add(loading);
  if (!loaded.has(loading)) throw loading.then(settle, settle);
  return children;
}

/**
 * What the page hands over: its `t` and its Intl locale ('ar-u-nu-latn'). This chunk imports no module
 * of the first page (lib/i18n, components/ui, the JSX runtime: hence createElement): one that did
 * would change how the bundler splits the first page (docs/performance.md, 'The web app').
 */
export interface TradeDetailsProps {
  product: Product;
  t: Translate;
  locale: string;
}

/** Left to right on every page (a quantity, a code), isolated from the text around it. */
const ltr = (value: string) => h('bdi', { dir: 'ltr' }, value);
const SLOT = '\u0000';
/** `text` (made with SLOT where the value goes) around `value`, read left to right. */
function withLtr(text: string, value: string) {
  const [before = '', after = ''] = text.split(SLOT);
  return [before, ltr(value), after];
}

/**
 * The product page's 'Trade details' (issue 43): minimum order, order multiple, lead time, supply,
 * port of loading and HS code, then the packing options, the specifications and the certifications.
 * Quantities and codes read left to right on every page; the company's own words keep their direction.
 * Nothing is drawn for a product without trade data.
 */
export function TradeDetails({ product, t, locale }: TradeDetailsProps) {
  const headingId = useId();
  const quantity = (q: { quantity: number; unit: string }): string => `${q.quantity.toLocaleString(locale)} ${q.unit}`;
  const facts: [string, string, ReactNode][] = [];
  if (product.moq) facts.push(['moq', t('tradeDetails.moq'), ltr(quantity(product.moq))]);
  if (product.orderMultiple !== undefined) {
    facts.push([
      'multiple',
      t('tradeDetails.orderMultiple'),
      ltr(quantity({ quantity: product.orderMultiple, unit: product.productQuantityType })),
    ]);
  }
  if (product.leadTimeDays !== undefined)
    facts.push(['lead', t('tradeDetails.leadTime'), t('tradeDetails.days', { count: product.leadTimeDays })]);
  if (product.supplyPerMonth) {
    facts.push([
      'supply',
      t('tradeDetails.supply'),
      withLtr(t('tradeDetails.perMonth', { quantity: SLOT }), quantity(product.supplyPerMonth)),
    ]);
  }
  if (product.portOfLoading) facts.push(['port', t('tradeDetails.portOfLoading'), h('bdi', null, product.portOfLoading)]);
  if (product.hsCode) facts.push(['hs', t('tradeDetails.hsCode'), ltr(product.hsCode)]);
  const packing = product.packingOptions ?? [];
  const specifications = product.specifications ?? [];
  const certifications = product.certifications ?? [];
  if (facts.length + packing.length + specifications.length + certifications.length === 0) return null;

  const part = (title: string, content: ReactNode) =>
    h('div', { className: 'mt-4' }, h('h3', { className: 'text-sm font-semibold text-gray-900' }, title), content);
  return h(
    'section',
    { 'aria-labelledby': headingId, className: 'mt-6 rounded-2xl border border-gray-200 bg-gray-50 p-5' },
    h('h2', { id: headingId, className: 'text-lg font-semibold text-gray-900' }, t('tradeDetails.heading')),
    facts.length > 0 &&
      h(
        'dl',
        { className: 'mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2' },
        facts.map(([key, term, value]) =>
          h(
            'div',
            { key },
            h('dt', { className: 'text-xs font-semibold uppercase tracking-wider text-gray-600' }, term),
            h('dd', { className: 'mt-0.5 font-medium text-gray-900' }, value),
          ),
        ),
      ),
    packing.length > 0 &&
      part(
        t('tradeDetails.packing'),
        h(
          'ul',
          { className: 'mt-1 list-disc space-y-1 ps-5 text-gray-800' },
          packing.map((p, i) =>
            h(
              'li',
              { key: i },
              h(
                'span',
                null,
                withLtr(
                  t('tradeDetails.packingOption', {
                    packaging: t(`tradeDetails.packagingTypes.${p.packagingType}`, { defaultValue: p.packagingType }),
                    quantity: SLOT,
                  }),
                  quantity(p),
                ),
              ),
            ),
          ),
        ),
      ),
    specifications.length > 0 &&
      part(
        t('tradeDetails.specifications'),
        h(
          'table',
          { className: 'mt-1 w-full text-sm' },
          h(
            'tbody',
            null,
            specifications.map((s, i) =>
              h(
                'tr',
                { key: i, className: 'border-b border-gray-200 last:border-0' },
                h('th', { scope: 'row', className: 'py-1.5 pe-4 text-start font-medium text-gray-700' }, h('bdi', null, s.name)),
                h('td', { className: 'py-1.5 text-gray-900' }, h('bdi', null, s.value)),
              ),
            ),
          ),
        ),
      ),
    certifications.length > 0 &&
      part(
        t('tradeDetails.certifications'),
        h(
          'ul',
          { className: 'mt-2 flex flex-wrap gap-2' },
          certifications.map((c) =>
            h(
              'li',
              { key: c, className: 'rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-900 ring-1 ring-brand-200' },
              h('bdi', null, c),
            ),
          ),
        ),
      ),
  );
}

/** The block as the app draws it: once the page's texts have the trade details' (its lazy chunk's default). */
export default function DrawnTradeDetails(
  props: TradeDetailsProps & { addPart: (part: 'product', load: () => Promise<{ default: Texts }>) => Promise<void> },
) {
  const has = Boolean(props.t('tradeDetails.heading', { defaultValue: '' }));
  // The page's language is its locale's first two letters ('ar-u-nu-latn', 'en-IN').
  const load = () => props.addPart('product', productTextsLoader(props.locale.slice(0, 2) as Language));
  return h(WhenTextsLoaded, { has, load, children: h(TradeDetails, props) });
}
