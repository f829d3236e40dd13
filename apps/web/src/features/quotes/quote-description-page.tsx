import { certificationLabel, containerLabel, type Quote } from '@agro/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ChevronLeftIcon, FileTextIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatDayAndTime } from '@/lib/format';
import { heardFromText, packagingText } from '@/lib/option-labels';
import { t } from '@/lib/i18n';
import { QuoteDeskPanel } from './quote-desk-panel';

function quoteFromState(state: unknown): Quote | null {
  if (!state || typeof state !== 'object' || !('quote' in state)) return null;
  const quote = (state as { quote: unknown }).quote;
  return quote && typeof quote === 'object' && typeof (quote as { _id?: unknown })._id === 'string' ? (quote as Quote) : null;
}

/** The list's filters the quote was opened from ('?reply=overdue&sort=due'), for the way back. */
function backFromState(state: unknown): string {
  const back = state && typeof state === 'object' && 'back' in state ? (state as { back: unknown }).back : '';
  return typeof back === 'string' && back.startsWith('?') ? back : '';
}

/** 'Yes' or 'No' in the page's language. */
const yesNo = (value: boolean): string => (value ? t('quoteDetails.yes') : t('quoteDetails.no'));

/** The buyer's export terms, when given: tradeTermsRows' lines in the page's language (the values as the buyer chose them). */
function tradeTermsLines(terms: Quote['tradeTerms']): [string, ReactNode][] {
  if (!terms) return [];
  const lines: [string, ReactNode][] = [];
  if (terms.incoterm) lines.push([t('tradeTermsRows.incoterm'), terms.incoterm]);
  if (terms.destinationPort) lines.push([t('tradeTermsRows.destinationPort'), terms.destinationPort]);
  if (terms.container) lines.push([t('tradeTermsRows.container'), containerLabel(terms.container)]);
  if (terms.targetPrice && terms.targetCurrency) {
    const price = { currency: terms.targetCurrency, price: terms.targetPrice, unit: terms.targetPriceUnit ?? '' };
    lines.push([
      t('tradeTermsRows.targetPrice'),
      terms.targetPriceUnit ? t('tradeTermsRows.pricePer', price) : t('tradeTermsRows.price', price),
    ]);
  }
  if (terms.certifications.length > 0) {
    lines.push([t('tradeTermsRows.certifications'), terms.certifications.map(certificationLabel).join(', ')]);
  }
  if (terms.sampleFirst) lines.push([t('tradeTermsRows.sampleFirst'), t('tradeTermsRows.sampleFirstYes')]);
  return lines;
}

/** Every field of a quote, in the order a person reads a request. */
function rows(q: Quote): [string, ReactNode][] {
  const created = q.createdAt ? new Date(q.createdAt) : null;
  const none = t('quoteDetails.notAvailable');
  return [
    [t('quoteDetails.companyName'), q.companyName],
    [t('quoteDetails.contactPerson'), q.contactPersonName],
    [t('quoteDetails.companyEmail'), <Ltr key="email">{q.companyEmail}</Ltr>],
    [t('quoteDetails.mobileNumber'), <Ltr key="mobile">{q.mobileNumber}</Ltr>],
    [t('quoteDetails.country'), q.country],
    [t('quoteDetails.address'), q.address],
    [t('quoteDetails.productName'), q.productId?.productName ?? t('quoteDetails.productGone')],
    [t('quoteDetails.productType'), q.productId?.productType ?? none],
    [t('quoteDetails.requiredQuantity'), `${q.requiredQty} ${q.productId?.productQuantityType ?? ''}`.trim()],
    [t('quoteDetails.packagingType'), packagingText(q.packagingType)],
    [t('quoteDetails.customPackaging'), yesNo(q.isCustomPackagingRequired)],
    // Issue 45: the lines after the first (SPEC.md's rows above are the first line's).
    ...q.items.slice(1).map((item, i): [string, ReactNode] => [
      t('quoteLineForm.line', { n: i + 2 }),
      [
        item.productId?.productName ?? t('quoteDetails.productGone'),
        t('quoteLineForm.lineSummary', {
          quantity: item.requiredQty,
          unit: item.productId?.productQuantityType ?? '',
          packaging: packagingText(item.packagingType),
        }),
        ...(item.isCustomPackagingRequired ? [t('quoteLineForm.customPacking')] : []),
      ].join(t('listSeparator')),
    ]),
    [t('quoteDetails.deliveryLocation'), q.deliveryLocation],
    [t('quoteDetails.urgent'), yesNo(q.isUrgent)],
    [t('quoteDetails.additionalInfo'), q.additionalInfo || t('quoteDetails.none')],
    [t('quoteDetails.heardFrom'), heardFromText(q.heardFrom)],
    ...tradeTermsLines(q.tradeTerms),
    [t('quoteDetails.quotedBy'), q.quotedByEmail ? <Ltr key="quoted-by">{q.quotedByEmail}</Ltr> : q.quotedByEmail],
    [t('quoteDetails.createdAt'), created && !Number.isNaN(created.getTime()) && q.createdAt ? formatDayAndTime(q.createdAt) : none],
  ];
}

export default function QuoteDescriptionPage() {
  useDocumentTitle(t('quoteDetails.title'));
  const location = useLocation();
  const quote = quoteFromState(location.state);
  // A mail's link names the quote in the address (`?id=<id>#messages`): its desk and conversation, without the table.
  const [params] = useSearchParams();
  const linkedId = quote ? null : params.get('id');

  const back = (
    <Link to={`/profile${backFromState(location.state)}`} className="btn-secondary">
      <ChevronLeftIcon size={18} /> {t('quoteDetails.back')}
    </Link>
  );

  if (!quote && linkedId) {
    return (
      <>
        <PageHero eyebrow={t('quoteDetails.eyebrow')} title={t('quoteDetails.title')} />
        <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
          <QuoteDeskPanel quoteId={linkedId} />
          <div className="mt-8">{back}</div>
        </div>
      </>
    );
  }

  if (!quote) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-gray-100 text-gray-600">
          <FileTextIcon size={28} />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-gray-900">{t('quoteDetails.noneSelected')}</h1>
        <p className="mt-2 text-gray-700">{t('quoteDetails.noneSelectedHint')}</p>
        <div className="mt-6">{back}</div>
      </section>
    );
  }

  return (
    <>
      <PageHero eyebrow={t('quoteDetails.eyebrow')} title={t('quoteDetails.title')}>
        {quote.companyName}
        {quote.productId ? ` · ${quote.productId.productName}` : ''}
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          <table className="w-full table-fixed text-start text-sm">
            <caption className="sr-only">{t('quoteDetails.caption')}</caption>
            <tbody className="divide-y divide-gray-100">
              {rows(quote).map(([label, value]) => (
                <tr key={label} className="even:bg-gray-50/60 sm:table-row">
                  <th scope="row" className="w-2/5 px-4 py-3 align-top font-medium text-gray-600 sm:w-1/3 sm:px-6">
                    {label}
                  </th>
                  <td className="break-words px-4 py-3 text-gray-900 sm:px-6">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <QuoteDeskPanel quoteId={quote._id} />
        <div className="mt-8">{back}</div>
      </div>
    </>
  );
}
