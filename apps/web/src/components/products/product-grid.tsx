import type { Product } from '@agro/shared';
import { useRef } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { Part } from '@/lib/hydrate-in-parts';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: Product[];
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  headingLevel?: 'h2' | 'h3';
  label: string;
  /** The accessible name of the page numbers under the list. */
  pagesLabel: string;

  /** How many of the first cards load their image at once (those on the first screen); the rest lazily. */
  eagerImages?: number;
}

/**
 * Cards of one page of products. Only a page is rendered, so a catalogue of thousands of
 * products stays fast; the list itself is still loaded whole (SPEC.md section 7).
 */
export function ProductGrid({
  products,
  page,
  pageSize,
  onPageChange,
  headingLevel,
  label,
  pagesLabel,
  eagerImages = 3,
}: ProductGridProps) {
  const top = useRef<HTMLDivElement>(null);
  const pageCount = Math.max(1, Math.ceil(products.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const visible = products.slice((current - 1) * pageSize, current * pageSize);

  const change = (p: number) => {
    onPageChange(p);
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div ref={top} className="scroll-mt-24">
      <ul aria-label={label} className="grid grid-cols-[repeat(auto-fit,300px)] justify-center gap-x-4 gap-y-8">
        {visible.map((p, i) => (
          <li key={p._id}>
            <Part name={`card:${p._id}`}>
              <ProductCard product={p} headingLevel={headingLevel} eager={i < eagerImages} />
            </Part>
          </li>
        ))}
      </ul>
      <Pagination page={current} pageCount={pageCount} onChange={change} label={pagesLabel} />
    </div>
  );
}
