import { packagingLabel, tradeTermsRows, type Quote } from '@agro/shared';
import { Link, useLocation } from 'react-router';
import { ChevronLeftIcon, FileTextIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatDate } from '@/lib/format';
import { yesNo } from './quote-format';
import { QuoteDeskPanel } from './quote-desk-panel';

function quoteFromState(state: unknown): Quote | null {
  if (!state || typeof state !== 'object' || !('quote' in state)) return null;
  const quote = (state as { quote: unknown }).quote;
  return quote && typeof quote === 'object' && typeof (quote as { _id?: unknown })._id === 'string' ? (quote as Quote) : null;
}

/** Every field of a quote, in the order a person reads a request. */
function rows(q: Quote): [string, string][] {
  const created = q.createdAt ? new Date(q.createdAt) : null;
  return [
    ['Company Name', q.companyName],
    ['Contact Person', q.contactPersonName],
    ['Company Email', q.companyEmail],
    ['Mobile Number', q.mobileNumber],
    ['Country', q.country],
    ['Address', q.address],
    ['Product Name', q.productId?.productName ?? 'Product no longer listed'],
    ['Product Type', q.productId?.productType ?? 'N/A'],
    ['Required Quantity', `${q.requiredQty} ${q.productId?.productQuantityType ?? ''}`.trim()],
    ['Packaging Type', packagingLabel(q.packagingType)],
    ['Custom Packaging Required', yesNo(q.isCustomPackagingRequired)],
    ['Delivery Location', q.deliveryLocation],
    ['Urgent', yesNo(q.isUrgent)],
    ['Additional Information', q.additionalInfo || 'None'],
    ['Heard From', q.heardFrom],
    // The buyer's export terms, when given.
    ...tradeTermsRows(q.tradeTerms),
    ['Quoted By', q.quotedByEmail],
    [
      'Created At',
      created && !Number.isNaN(created.getTime())
        ? `${formatDate(q.createdAt)}, ${created.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}`
        : 'N/A',
    ],
  ];
}

export default function QuoteDescriptionPage() {
  useDocumentTitle('Quote Details');
  const location = useLocation();
  const quote = quoteFromState(location.state);

  const back = (
    <Link to="/profile" className="btn-secondary">
      <ChevronLeftIcon size={18} /> Back to Profile
    </Link>
  );

  if (!quote) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-gray-100 text-gray-600">
          <FileTextIcon size={28} />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-gray-900">No quote selected</h1>
        <p className="mt-2 text-gray-700">Open a quote from the list on your profile to see its details.</p>
        <div className="mt-6">{back}</div>
      </section>
    );
  }

  return (
    <>
      <PageHero eyebrow="Quote request" title="Quote Details">
        {quote.companyName}
        {quote.productId ? ` · ${quote.productId.productName}` : ''}
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          <table className="w-full table-fixed text-start text-sm">
            <caption className="sr-only">Every field of the quote request</caption>
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
