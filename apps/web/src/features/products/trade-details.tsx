import type { Product } from '@agro/shared';
import { useId, type ReactNode } from 'react';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { CheckIcon } from '@/components/ui/icons';
import { quantityText } from '@/lib/format';
import { t } from '@/lib/i18n';

/**
 * The product page's 'Trade details' (issue 43): minimum order, order multiple, lead time, supply,
 * port of loading and HS code, then the packing options, the specifications and the certifications.
 * Quantities and codes read left to right on every page; the company's own words keep their direction.
 * Nothing is drawn for a product without trade data.
 */
export function TradeDetails({ product }: { product: Product }) {
  const headingId = useId();
  const facts: { key: string; term: string; value: ReactNode }[] = [];
  if (product.moq) facts.push({ key: 'moq', term: t('tradeDetails.moq'), value: <Ltr>{quantityText(product.moq)}</Ltr> });
  if (product.orderMultiple !== undefined) {
    const multiple = { quantity: product.orderMultiple, unit: product.productQuantityType };
    facts.push({ key: 'multiple', term: t('tradeDetails.orderMultiple'), value: <Ltr>{quantityText(multiple)}</Ltr> });
  }
  if (product.leadTimeDays !== undefined) {
    facts.push({ key: 'lead', term: t('tradeDetails.leadTime'), value: t('tradeDetails.days', { count: product.leadTimeDays }) });
  }
  if (product.supplyPerMonth) {
    const supply = withLtr(t('tradeDetails.perMonth', { quantity: LTR_SLOT }), quantityText(product.supplyPerMonth));
    facts.push({ key: 'supply', term: t('tradeDetails.supply'), value: supply });
  }
  if (product.portOfLoading) facts.push({ key: 'port', term: t('tradeDetails.portOfLoading'), value: <bdi>{product.portOfLoading}</bdi> });
  if (product.hsCode) facts.push({ key: 'hs', term: t('tradeDetails.hsCode'), value: <Ltr>{product.hsCode}</Ltr> });
  const packing = product.packingOptions ?? [];
  const specifications = product.specifications ?? [];
  const certifications = product.certifications ?? [];
  if (facts.length + packing.length + specifications.length + certifications.length === 0) return null;

  const subheading = 'text-sm font-semibold text-gray-900';
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-gray-200 bg-gray-50 p-5">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {t('tradeDetails.heading')}
      </h2>
      {facts.length > 0 && (
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts.map((f) => (
            <div key={f.key}>
              <dt className="text-xs font-semibold uppercase tracking-wider text-gray-600">{f.term}</dt>
              <dd className="mt-0.5 font-medium text-gray-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {packing.length > 0 && (
        <div className="mt-4">
          <h3 className={subheading}>{t('tradeDetails.packing')}</h3>
          <ul className="mt-1 space-y-1 text-gray-800">
            {packing.map((p, i) => (
              <li key={i} className="flex gap-2">
                <CheckIcon size={16} className="mt-1 shrink-0 text-brand-700" />
                <span>
                  {withLtr(
                    t('tradeDetails.packingOption', {
                      packaging: t(`tradeDetails.packagingTypes.${p.packagingType}`, { defaultValue: p.packagingType }),
                      quantity: LTR_SLOT,
                    }),
                    quantityText(p),
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {specifications.length > 0 && (
        <div className="mt-4">
          <h3 className={subheading}>{t('tradeDetails.specifications')}</h3>
          <table className="mt-1 w-full text-sm">
            <tbody>
              {specifications.map((s, i) => (
                <tr key={i} className="border-b border-gray-200 last:border-0">
                  <th scope="row" className="py-1.5 pe-4 text-start font-medium text-gray-700">
                    <bdi>{s.name}</bdi>
                  </th>
                  <td className="py-1.5 text-gray-900">
                    <bdi>{s.value}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {certifications.length > 0 && (
        <div className="mt-4">
          <h3 className={subheading}>{t('tradeDetails.certifications')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {certifications.map((c) => (
              <li key={c} className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-900 ring-1 ring-brand-200">
                <bdi>{c}</bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
