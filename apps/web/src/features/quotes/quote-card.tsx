import type { Quote } from '@agro/shared';
import { BuildingIcon, CalendarIcon, EyeIcon, PackageIcon, TrashIcon, UserIcon } from '@/components/ui/icons';
import { formatDate, packagingLabel, quoteBadge, type QuoteBadge } from './quote-format';

const BADGE_STYLE: Record<QuoteBadge, string> = {
  Premium: 'bg-amber-100 text-amber-900 ring-amber-300',
  Organic: 'bg-brand-100 text-brand-900 ring-brand-600/40',
  Standard: 'bg-gray-100 text-gray-800 ring-gray-300',
};

interface QuoteCardProps {
  quote: Quote;
  /** ADMIN cards show the contact person and the view/delete buttons; USER cards the badge. */
  admin: boolean;
  onView?: (quote: Quote) => void;
  onDelete?: (quote: Quote) => void;
}

export function QuoteCard({ quote, admin, onView, onDelete }: QuoteCardProps) {
  const product = quote.productId;
  const productName = product?.productName ?? 'Product no longer listed';
  const badge = quoteBadge(product);
  const date = formatDate(quote.createdAt);
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-gray-900">{productName}</h3>
        {!admin && (
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE_STYLE[badge]}`}>{badge}</span>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="flex items-center gap-1.5 text-gray-600">
          <PackageIcon size={15} /> Quantity
        </dt>
        <dd className="font-medium text-gray-900">
          {quote.requiredQty.toLocaleString('en-IN')} {product?.productQuantityType ?? ''}
        </dd>
        <dt className="text-gray-600 pl-[21px]">Packaging</dt>
        <dd className="text-gray-900">{packagingLabel(quote.packagingType)}</dd>
        <dt className="flex items-center gap-1.5 text-gray-600">
          <BuildingIcon size={15} /> Company
        </dt>
        <dd className="break-words text-gray-900">{quote.companyName}</dd>
        {admin && (
          <>
            <dt className="flex items-center gap-1.5 text-gray-600">
              <UserIcon size={15} /> Contact
            </dt>
            <dd className="break-words text-gray-900">{quote.contactPersonName}</dd>
          </>
        )}
        <dt className="flex items-center gap-1.5 text-gray-600">
          <CalendarIcon size={15} /> Date
        </dt>
        <dd className="text-gray-900">{date ?? 'N/A'}</dd>
      </dl>
      {admin && (
        <div className="mt-5 flex gap-2 border-t border-gray-100 pt-4">
          <button
            type="button"
            className="btn-secondary flex-1 py-1.5 text-sm"
            onClick={() => onView?.(quote)}
            aria-label={`View details of the quote from ${quote.companyName}`}
          >
            <EyeIcon size={16} /> View Details
          </button>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-lg border border-red-200 px-3 py-1.5 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            onClick={() => onDelete?.(quote)}
            aria-label={`Delete the quote from ${quote.companyName}`}
          >
            <TrashIcon size={16} />
          </button>
        </div>
      )}
    </article>
  );
}
