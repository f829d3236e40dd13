import type { ComponentPropsWithRef } from 'react';
import { t } from '@/lib/i18n';

type UnitInputProps = ComponentPropsWithRef<'input'> & { unit: string | undefined };

/**
 * A number input with a unit (KG, LTR, NOS, TONS) shown after it. The unit is visual only:
 * the Field's hint should say it for screen readers.
 */
export function UnitInput({ unit, className, ...props }: UnitInputProps) {
  return (
    <div className="flex">
      <input {...props} type="number" min={1} step="any" inputMode="decimal" className={`input rounded-e-none  ${className ?? ''}`} />
      <span
        aria-hidden="true"
        className="inline-flex min-w-16 items-center justify-center rounded-e-lg border border-s-0 border-gray-300 bg-gray-50 px-3 text-sm font-semibold text-gray-700"
      >
        {unit ?? t('product.unit')}
      </span>
    </div>
  );
}
