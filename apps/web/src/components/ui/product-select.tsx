import { UI_TEXT, type Product } from '@agro/shared';
import type { ComponentPropsWithRef } from 'react';
import { localizeMessage, t } from '@/lib/i18n';

type ProductSelectProps = ComponentPropsWithRef<'select'> & { products: readonly Product[] };

/** The catalogue as a select; an empty catalogue says 'No products available' (SPEC.md section 2). */
export function ProductSelect({ products, className, ...props }: ProductSelectProps) {
  return (
    <select {...props} className={`input ${className ?? ''}`}>
      <option value="">{products.length === 0 ? localizeMessage(UI_TEXT.noProducts) : t('quoteForm.selectProduct')}</option>
      {products.map((p) => (
        <option key={p._id} value={p._id}>
          {p.productName}
        </option>
      ))}
    </select>
  );
}
