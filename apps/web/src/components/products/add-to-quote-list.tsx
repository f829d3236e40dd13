import type { Product } from '@agro/shared';

import { CheckIcon, PlusIcon } from '@/components/ui/icons';
import { routerBase, t } from '@/lib/i18n';
import { addToQuoteList, useQuoteList } from '@/lib/quote-list';

/** The packing a new line starts with: the product's first packing option, else a corrugated box. */
const FIRST_PACKING = 'CORRUGATED_BOX';

interface AddToQuoteListProps {
  product: Product;
  /** `icon`: a square button named for the product (the card); `wide`: with its text (the product page). */
  variant: 'icon' | 'wide';
  className?: string;
  /** Opens the quote form in the app (the caller's navigate('/quote')). */
  openList: () => void;
}

/**
 * 'Add to quote list' (issue 45): puts the product into the buyer's list with its minimum order (or 1)
 * and its first packing; the quote form then lets the buyer change both. Once in the list it links
 * to the quote form. Nothing of the form's code comes with it.
 */
export function AddToQuoteList({ product, variant, openList, className = '' }: AddToQuoteListProps) {
  const inList = useQuoteList().some((l) => l.productId === product._id);
  // A link followed in the app by the caller's `openList`: react-router imported here (Link, useHref or
  // useNavigate) made the bundler split the first page's chunks differently (react-router in a chunk of
  // its own: one more request on every first page).
  const quoteHref = `${routerBase()}/quote`;
  const name = product.productName;
  if (inList) {
    return (
      <a
        href={quoteHref}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          openList();
        }}
        className={`btn-secondary ${variant === 'icon' ? 'px-3' : 'px-6 py-3'} ${className}`}
        aria-label={variant === 'icon' ? t('card.inQuoteListName', { name }) : undefined}
        title={variant === 'icon' ? t('card.inQuoteList') : undefined}
      >
        <CheckIcon size={18} />
        {variant === 'wide' && t('card.inQuoteList')}
      </a>
    );
  }
  const add = () => {
    addToQuoteList({
      productId: product._id,
      // The minimum order when it is in the product's own unit (the form shows it in any case), else 1.
      requiredQty: product.moq?.unit === product.productQuantityType ? product.moq.quantity : 1,
      packagingType: product.packingOptions?.[0]?.packagingType ?? FIRST_PACKING,
      isCustomPackagingRequired: false,
    });
  };
  return (
    <button
      type="button"
      className={`btn-secondary ${variant === 'icon' ? 'px-3' : 'px-6 py-3'} ${className}`}
      onClick={add}
      aria-label={variant === 'icon' ? t('card.addToQuoteListName', { name }) : undefined}
      title={variant === 'icon' ? t('card.addToQuoteList') : undefined}
    >
      <PlusIcon size={18} />
      {variant === 'wide' && t('card.addToQuoteList')}
    </button>
  );
}
