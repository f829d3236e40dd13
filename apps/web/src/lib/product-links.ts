/** Shareable, reloadable address of a product's detail page (the id also travels as navigation state). */
export function productDetailPath(id: string): string {
  return `/products/description?id=${encodeURIComponent(id)}`;
}
