import { LIMITS, type Product } from '@agro/shared';
import { memo, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/store/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ArrowRightIcon, CheckIcon, EditIcon, TrashIcon } from '@/components/ui/icons';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { t } from '@/lib/i18n';
import { deleteProduct, fetchProducts } from '@/store/products-slice';
import { productDetailPath } from '@/lib/product-links';
import { AddToQuoteList } from './add-to-quote-list';

interface ProductCardProps {
  product: Product;
  /** Heading level of the product name, so it fits the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** Images of the first cards on screen load eagerly; the rest lazily. */
  eager?: boolean;
}

const THUMB_HEIGHT = 200;

/**
 * SPEC.md section 2: a 300 x 500 card with thumbnail, name, first two key features, Learn More.
 * Memoised: a page that renders again (a loading flag) leaves the cards of the same products alone.
 */
export const ProductCard = memo(function ProductCard({ product, headingLevel: Heading = 'h3', eager = false }: ProductCardProps) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'ADMIN');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const nameId = useId();
  const features = product.keyFeatures.slice(0, LIMITS.cardKeyFeatures);

  const openDetail = () => navigate(productDetailPath(product._id), { state: { id: product._id } });

  const onDelete = async () => {
    setDeleting(true);
    try {
      await dispatch(deleteProduct(product._id)).unwrap();
      setConfirmDelete(false);
      void dispatch(fetchProducts());
    } catch {
      // The error toast has been shown; close the question and leave the list as it is.
      setConfirmDelete(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article
      aria-labelledby={nameId}
      className="group flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-md transition-shadow hover:shadow-xl"
      style={{ width: LIMITS.cardWidthPx, height: LIMITS.cardHeightPx }}
    >
      <div className="relative shrink-0 overflow-hidden bg-brand-50" style={{ height: THUMB_HEIGHT }}>
        <ResponsiveImage
          image={product.productThumbnail}
          alt={product.productName}
          width={LIMITS.cardWidthPx}
          height={THUMB_HEIGHT}
          sizes={`${LIMITS.cardWidthPx}px`}
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        <div className="absolute start-3 top-3 flex flex-wrap gap-1.5">
          {product.isPremium && (
            <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-semibold text-brand-900 shadow">
              {t('card.premium')}
            </span>
          )}
          {product.isOrganic && (
            <span className="rounded-full bg-brand-800 px-2.5 py-0.5 text-xs font-semibold text-white shadow">{t('card.organic')}</span>
          )}
        </div>
      </div>

      <div className="flex min-h-0 flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-amber-700">
          {product.productType === 'AGRO' ? t('card.agro') : t('card.nonAgro')}
        </p>
        <Heading id={nameId} className="mt-1 line-clamp-2 text-lg font-bold leading-snug text-gray-900">
          <bdi>{product.productName}</bdi>
        </Heading>
        {product.moq && (
          <p className="mt-2 text-sm text-gray-800">{t('card.moq', { quantity: `${product.moq.quantity} ${product.moq.unit}` })}</p>
        )}
        {features.length > 0 && (
          <ul className="mt-3 space-y-2 text-sm text-gray-700" aria-label={t('card.keyFeatures')}>
            {features.map((f, i) => (
              <li key={i} className="flex gap-2">
                <CheckIcon size={16} className="mt-0.5 shrink-0 text-brand-700" />
                <bdi className="line-clamp-2">{f}</bdi>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto flex items-center gap-2 pt-4">
          <button type="button" className="btn-primary flex-1" onClick={openDetail} aria-describedby={nameId}>
            {t('card.learnMore')}
            <ArrowRightIcon size={16} />
          </button>
          {!isAdmin && <AddToQuoteList product={product} variant="icon" openList={() => void navigate('/quote')} />}
          {isAdmin && (
            <>
              <button
                type="button"
                className="btn-secondary px-3"
                aria-label={t('card.editName', { name: product.productName })}
                title={t('card.edit')}
                onClick={() => navigate('/edit-product', { state: { id: product._id } })}
              >
                <EditIcon size={18} />
              </button>
              <button
                type="button"
                className="inline-flex items-center justify-center rounded-lg border border-red-200 bg-white px-3 py-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                aria-label={t('card.deleteName', { name: product.productName })}
                title={t('card.delete')}
                onClick={() => setConfirmDelete(true)}
              >
                <TrashIcon size={18} />
              </button>
            </>
          )}
        </div>
      </div>

      {isAdmin && (
        <ConfirmDialog
          open={confirmDelete}
          message={t('card.deleteConfirm')}
          confirmLabel={t('card.delete')}
          cancelLabel={t('nav.cancel')}
          danger
          busy={deleting}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </article>
  );
});
