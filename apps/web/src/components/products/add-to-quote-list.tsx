import { minimumOrder, type Product } from '@agro/shared';
import { Link } from 'react-router';
import { CheckIcon, PlusIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { addToQuoteList, useQuoteList } from '@/lib/quote-list';

/** The packing a new line starts with: the product's first packing option, else a corrugated box. */
const FIRST_PACKING = 'CORRUGATED_BOX';

interface AddToQuoteListProps {
  product: Product;
  /** `icon`: a square button named for the product (the card); `wide`: with its text (the product page). */
  variant: 'icon' | 'wide';
  className?: string;
}

/**
 * 'Add to quote list' (issue 45): puts the product into the buyer's list with its minimum order (or 1)
 * and its first packing; the quote form then lets the buyer change both. Once in the list it links
 * to the quote form. Nothing of the form's code comes with it.
 */
export function AddToQuoteList({ product, variant, className = '' }: AddToQuoteListProps) {
  const inList = useQuoteList().some((l) => l.productId === product._id);
  const name = product.productName;
  if (inList) {
    return (
      <Link
        to="/quote"
        className={`btn-secondary ${variant === 'icon' ? 'px-3' : 'px-6 py-3'} ${className}`}
        aria-label={variant === 'icon' ? t('card.inQuoteListName', { name }) : undefined}
        title={variant === 'icon' ? t('card.inQuoteList') : undefined}
      >
        <CheckIcon size={18} />
        {variant === 'wide' && t('card.inQuoteList')}
      </Link>
    );
  }
  const add = () => {
    addToQuoteList({
      productId: product._id,
      requiredQty: minimumOrder(product) ?? 1,
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
