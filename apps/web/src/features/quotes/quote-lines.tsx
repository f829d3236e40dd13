import {
  PACKAGING_TYPES,
  PACKAGING_TYPE_VALUES,
  QUOTE_ITEMS_MAX,
  QUOTE_LINE_MESSAGES,
  belowMinimumOrder,
  containerPayloads,
  minimumOrder,
  quoteItemInputSchema,
  type Product,
  type QuoteItemInput,
} from '@agro/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useSiteSettings } from '@/store/store';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { ProductSelect } from '@/components/ui/product-select';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { UnitInput } from '@/components/ui/unit-input';
import { formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { packagingText } from '@/lib/option-labels';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import type { QuoteListLine } from '@/lib/quote-list';

/** A line after the first, as the form holds it (the first is SPEC.md's own product fields). */
export interface ExtraLine {
  productId: string;
  requiredQty: string;
  packagingType: string;
  isCustomPackagingRequired: boolean;
}

export const emptyLine = (productId = ''): ExtraLine => ({
  productId,
  requiredQty: '',
  packagingType: '',
  isCustomPackagingRequired: false,
});

export const lineFromList = (l: QuoteListLine): ExtraLine => ({
  productId: l.productId,
  requiredQty: String(l.requiredQty),
  packagingType: l.packagingType,
  isCustomPackagingRequired: l.isCustomPackagingRequired,
});

/**
 * The form's lines as the quote list keeps them (issue 45), so a change made on the form stays when
 * the buyer goes on browsing: each line with a product, a quantity above 0 and a packing type, in
 * the form's order; a line still being typed keeps what the list held for its product (if anything).
 */
export function listFromLines(lines: readonly ExtraLine[], held: readonly QuoteListLine[]): QuoteListLine[] {
  const out: QuoteListLine[] = [];
  for (const line of lines) {
    if (!line.productId || out.some((l) => l.productId === line.productId)) continue;
    const quantity = Number(line.requiredQty);
    const complete = Number.isFinite(quantity) && quantity > 0 && (PACKAGING_TYPE_VALUES as readonly string[]).includes(line.packagingType);
    const before = held.find((l) => l.productId === line.productId);
    if (complete)
      out.push({
        ...(before?.customPackaging ? { customPackaging: before.customPackaging } : {}),
        productId: line.productId,
        requiredQty: quantity,
        packagingType: line.packagingType,
        isCustomPackagingRequired: line.isCustomPackagingRequired,
      });
    else if (before) out.push(before);
  }
  return out;
}

/** The packaging select's options: 'Select packaging' and SPEC.md's packaging types (every line's, the first's too). */
export function PackagingOptions() {
  return (
    <>
      <option value="">{t('quoteForm.selectPackaging')}</option>
      {PACKAGING_TYPES.map((p) => (
        <option key={p.value} value={p.value}>
          {packagingText(p.value)}
        </option>
      ))}
    </>
  );
}

type LineError = Partial<Record<keyof ExtraLine, { type: string; message: string }>>;

/**
 * The lines after the first, checked with SPEC.md's rules and messages (the shared line schema),
 * the product's minimum order and 'no product twice'. `errors[i]` is line i's, or undefined.
 */
export function checkExtraLines(
  firstProductId: string,
  lines: readonly ExtraLine[],
  productOf: (id: string) => Product | undefined,
): { items: QuoteItemInput[]; errors: (LineError | undefined)[] | null } {
  const seen = new Set([firstProductId]);
  const items: QuoteItemInput[] = [];
  const errors: (LineError | undefined)[] = [];
  let bad = false;
  lines.forEach((line, i) => {
    const parsed = quoteItemInputSchema.safeParse(line);
    const error: LineError = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof ExtraLine;
        error[field] ??= { type: 'schema', message: issue.message };
      }
    } else {
      if (seen.has(parsed.data.productId)) error.productId = { type: 'duplicate', message: QUOTE_LINE_MESSAGES.itemsDuplicate };
      const product = productOf(parsed.data.productId);
      const moq = product ? belowMinimumOrder(product, parsed.data.requiredQty, t('productTrade.belowMoq')) : null;
      if (moq) error.requiredQty = { type: 'moq', message: moq };
      items.push(parsed.data);
    }
    seen.add(line.productId);
    const some = Object.keys(error).length > 0;
    bad ||= some;
    errors[i] = some ? error : undefined;
  });
  return { items, errors: bad ? errors : null };
}

const quantityText = (quantity: number, unit: string): string => `${formatNumber(quantity)} ${unit}`;

interface ExtraLineFieldsProps {
  index: number;
  products: readonly Product[];
  line: ExtraLine | undefined;
  register: UseFormRegister<{ extraLines: ExtraLine[] }>;
  errors: FieldErrors<ExtraLine> | undefined;
  onRemove: () => void;
}

/** One line after the first: SPEC.md's product fields again, in a group named 'Product 2'. */
export function ExtraLineFields({ index, products, line, register, errors, onRemove }: ExtraLineFieldsProps) {
  const chosen = products.find((p) => p._id === line?.productId);
  const unit = chosen?.productQuantityType;
  const minimum = chosen ? minimumOrder(chosen) : null;
  const n = index + 2;
  return (
    <fieldset className="rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{t('quoteLineForm.line', { n })}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('quoteForm.productLabel')} error={errors?.productId?.message} required className="sm:col-span-2">
          <ProductSelect products={products} {...register(`extraLines.${index}.productId`)} />
        </Field>
        <Field
          label={t('quoteForm.quantity')}
          error={errors?.requiredQty?.message}
          required
          hint={
            unit ? (
              <>
                <span>{t('quoteForm.quantityIn', { unit })}</span>
                {minimum !== null && <> {withLtr(t('quoteForm.minimumOrder', { quantity: LTR_SLOT }), quantityText(minimum, unit))}</>}
              </>
            ) : (
              t('quoteForm.chooseProduct')
            )
          }
        >
          <UnitInput unit={unit} {...register(`extraLines.${index}.requiredQty`)} />
        </Field>
        <Field label={t('quoteForm.packaging')} error={errors?.packagingType?.message} required>
          <select {...register(`extraLines.${index}.packagingType`)} className="input">
            <PackagingOptions />
          </select>
        </Field>
        <CheckboxField
          {...register(`extraLines.${index}.isCustomPackagingRequired`)}
          label={t('quoteForm.customPackaging')}
          hint={t('quoteForm.customPackagingHint')}
        />
        <div className="sm:col-span-2">
          <button type="button" className="btn-secondary text-sm" onClick={onRemove}>
            <TrashIcon size={16} /> {t('quoteLineForm.removeLine', { n })}
          </button>
        </div>
      </div>
    </fieldset>
  );
}

/** 'Add another product', or at 20 lines the limit. */
export function AddLineButton({ id, count, onAdd }: { id: string; count: number; onAdd: () => void }) {
  if (count >= QUOTE_ITEMS_MAX) return <p className="text-sm text-gray-700">{t('quoteLineForm.full', { max: QUOTE_ITEMS_MAX })}</p>;
  return (
    <button id={id} type="button" className="btn-secondary" onClick={onAdd}>
      <PlusIcon size={16} /> {t('quoteLineForm.addLine')}
    </button>
  );
}

const KG_PER: Partial<Record<string, number>> = { KG: 1, TONS: 1000 };

/**
 * The container estimate: the lines' net weight (KG and TONS lines) against a 20' and a 40'
 * container's payload (settings, else the shared defaults); a line in another unit is named as not counted.
 */
export function ContainerEstimate({
  lines,
  products,
}: {
  lines: readonly { productId: string; requiredQty: string }[];
  products: readonly Product[];
}) {
  const settings = useSiteSettings();
  const payloads = containerPayloads(settings);
  let kg = 0;
  const notWeight: { name: string; unit: string }[] = [];
  for (const line of lines) {
    const product = products.find((p) => p._id === line.productId);
    const quantity = Number(line.requiredQty);
    if (!product || !(quantity > 0)) continue;
    const factor = KG_PER[product.productQuantityType];
    if (factor === undefined) notWeight.push({ name: product.productName, unit: product.productQuantityType });
    else kg += quantity * factor;
  }
  const percent = (payload: number) => `${formatNumber(Math.round((kg / payload) * 100))}%`;
  const kgText = (n: number) => `${formatNumber(n)} KG`;
  return (
    <section aria-labelledby="container-estimate" className="rounded-xl bg-brand-50 p-4 text-sm text-gray-800">
      <h3 id="container-estimate" className="font-semibold text-gray-900">
        {t('quoteLineForm.container')}
      </h3>
      <div aria-live="polite">
        {kg > 0 ? (
          <>
            <p className="mt-1">{withLtr(t('quoteLineForm.weight', { weight: LTR_SLOT }), kgText(Math.round(kg * 1000) / 1000))}</p>
            <ul className="mt-1 list-disc ps-5">
              {/* The payload isolated left to right: '(28,000 KG)', not '(KG 28,000)' on an Arabic page. */}
              <li>
                {withLtr(t('quoteLineForm.twenty', { percent: percent(payloads.twenty), payload: LTR_SLOT }), kgText(payloads.twenty))}
              </li>
              <li>{withLtr(t('quoteLineForm.forty', { percent: percent(payloads.forty), payload: LTR_SLOT }), kgText(payloads.forty))}</li>
            </ul>
          </>
        ) : (
          <p className="mt-1">{t('quoteLineForm.noWeight')}</p>
        )}
        {notWeight.map((l) => (
          <p key={l.name} className="mt-1">
            {t('quoteLineForm.notWeight', { name: l.name, unit: l.unit })}
          </p>
        ))}
      </div>
    </section>
  );
}
