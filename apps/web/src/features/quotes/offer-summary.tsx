import { INCOTERMS, type QuoteItem, type QuoteOffer } from '@agro/shared';
import { formatNumber } from '@/lib/format';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { moneyText } from '@/lib/money';

/**
 * The lines of an offer a buyer decides on: price, total for the quantity, terms, validity, in the
 * page's language (the Incoterm's code and its ICC name as the trade writes them). A line marked
 * `typed` is the company's own words (a port, the payment terms), shown in their own direction.
 */
function offerRows(offer: QuoteOffer, quantity: string, items?: readonly QuoteItem[]): [label: string, value: string, typed?: true][] {
  const incoterm = INCOTERMS.find((i) => i.code === offer.incoterm)?.label ?? offer.incoterm;
  const money = (minor: number) => moneyText(minor, offer.currency);
  // Issue 45: an offer of several lines shows each line (product, quantity, price, total), then the offer's total.
  const lines = offer.lines.length > 1 ? offer.lines : null;
  const priceRows: [string, string][] = lines
    ? [
        ...lines.map((line): [string, string] => {
          const item = items?.find((i) => i._id === line.itemId);
          const asked = item ? `${formatNumber(item.requiredQty)} ${line.priceBasis}` : '';
          const value = t('quoteLineForm.offerLine', {
            quantity: formatNumber(line.quantity),
            unit: line.priceBasis,
            price: money(line.unitPriceMinor),
            total: money(line.totalMinor),
          });
          return [
            item?.productId?.productName ?? t('quoteLineForm.lines'),
            line.quantityChanged && asked ? `${value} (${t('quoteLineForm.changed', { asked })})` : value,
          ];
        }),
        [t('quoteLineForm.totalLabel'), money(offer.totalMinor)],
      ]
    : [
        [t('offer.unitPrice'), t('offer.unitPriceValue', { price: money(offer.unitPriceMinor), unit: offer.priceBasis })],
        [t('offer.totalFor', { quantity }), money(offer.totalMinor)],
      ];
  return [
    ...priceRows,
    [t('offer.incoterm'), `${offer.incoterm} (${incoterm})`],
    [t('offer.portOfLoading'), offer.portOfLoading, true],
    [t('offer.destination'), offer.destination, true],
    [t('offer.leadTime'), t('offer.leadTimeDays', { count: offer.leadTimeDays })],
    [t('offer.paymentTerms'), offer.paymentTerms, true],
    [t('offer.validUntil'), formatDate(`${offer.validUntil}T12:00:00Z`) ?? offer.validUntil],
  ];
}

interface OfferSummaryProps {
  offer: QuoteOffer;
  /** e.g. "1,200 KG" */
  quantity: string;
  compact?: boolean;
  /** The quote's lines (issue 45): names the products of an offer of several lines. */
  items?: readonly QuoteItem[];
}

export function OfferSummary({ offer, quantity, compact = false, items }: OfferSummaryProps) {
  const rows = offerRows(offer, quantity, items);
  const totalIndex = offer.lines.length > 1 ? offer.lines.length : 1;
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 ${compact ? 'text-sm' : 'text-sm sm:text-base'}`}>
      {rows.map(([label, value, typed], index) => (
        <div key={`${index}-${label}`} className="contents">
          <dt className="text-gray-600">{label}</dt>
          {/* The second line is the total. Typed words keep their own direction: '30% advance' stays one line of English on an Arabic page. */}
          <dd dir={typed ? 'auto' : undefined} className={`break-words text-gray-900 ${index === totalIndex ? 'font-semibold' : ''}`}>
            {value}
          </dd>
        </div>
      ))}
      {offer.note && (
        <div className="contents">
          <dt className="text-gray-600">{t('offer.note')}</dt>
          <dd dir="auto" className="break-words text-gray-900">
            {offer.note}
          </dd>
        </div>
      )}
    </dl>
  );
}
