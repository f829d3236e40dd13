/**
 * A product's minimum order against a quote's quantity (issue 43): pure functions that import
 * nothing, so the quote form's chunk carries these and not the trade fields' schema and texts
 * (product-trade.ts re-exports them beside those).
 */

type Unit = 'KG' | 'LTR' | 'NOS' | 'TONS';
interface WithMinimumOrder {
  moq?: { quantity: number; unit: Unit } | undefined;
  productQuantityType: Unit;
}

const PER_TON: Partial<Record<Unit, number>> = { KG: 1000, TONS: 1 };

/** `amount` of `from` in `to`: the same unit as it is, KG and TONS converted; null when they do not convert. */
function quantityIn(amount: number, from: Unit, to: Unit): number | null {
  if (from === to) return amount;
  const a = PER_TON[from];
  const b = PER_TON[to];
  if (a === undefined || b === undefined) return null;
  // Rounded to 6 decimals: 0.5 TONS is 500 KG, not 499.99999999999994.
  return Math.round(((amount * b) / a) * 1e6) / 1e6;
}

/** Whether a minimum order in `unit` can stand for a product sold in `productUnit`. */
export const moqUnitFits = (unit: Unit, productUnit: Unit): boolean => quantityIn(1, unit, productUnit) !== null;

/** The minimum order in the product's own quantity type (the unit the quote form's quantity is typed in), or null. */
export function minimumOrder(product: WithMinimumOrder): number | null {
  if (!product.moq) return null;
  return quantityIn(product.moq.quantity, product.moq.unit, product.productQuantityType);
}

/**
 * `text` ('Required Quantity must be at least {{moq}} {{unit}} for this product', or its translation)
 * filled in when `requiredQty` is under the product's minimum order; null when it meets it or there is none.
 */
export function belowMinimumOrder(product: WithMinimumOrder, requiredQty: number, text: string): string | null {
  const minimum = minimumOrder(product);
  if (minimum === null || requiredQty >= minimum) return null;
  return text.replace('{{moq}}', String(minimum)).replace('{{unit}}', product.productQuantityType);
}
