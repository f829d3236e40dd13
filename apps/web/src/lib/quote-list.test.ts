import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToQuoteList,
  mergeQuoteLists,
  quoteListLines,
  setQuoteList,
  setQuoteListSaver,
  storedQuoteList,
  type QuoteListLine,
} from './quote-list';

const line = (productId: string, requiredQty = 1): QuoteListLine => ({
  productId,
  requiredQty,
  packagingType: 'PP_BAG',
  isCustomPackagingRequired: false,
});

afterEach(() => {
  setQuoteListSaver(null);
  setQuoteList([]);
});

describe('the quote list (issue 45)', () => {
  it('keeps the lines in this browser before sign-in, one per product, at most 20', () => {
    expect(addToQuoteList(line('a'))).toBe(true);
    expect(addToQuoteList(line('a', 5))).toBe(false);
    expect(storedQuoteList()).toEqual([line('a')]);
    for (let i = 1; i < 20; i++) expect(addToQuoteList(line(`p${i}`))).toBe(true);
    expect(addToQuoteList(line('one-too-many'))).toBe(false);
    expect(quoteListLines()).toHaveLength(20);
  });

  it('merges at sign-in: the union, no product twice, the first list first, at most 20', () => {
    const server = [line('a', 10), line('b')];
    const local = [line('b', 99), line('c')];
    expect(mergeQuoteLists(server, local)).toEqual([line('a', 10), line('b'), line('c')]);
    const many = Array.from({ length: 19 }, (_, i) => line(`s${i}`));
    expect(mergeQuoteLists(many, [line('x'), line('y')]).map((l) => l.productId)).toEqual([...many.map((l) => l.productId), 'x']);
  });

  it("a signed-in buyer's changes go to the saver, not to this browser", () => {
    const save = vi.fn();
    setQuoteListSaver(save);
    addToQuoteList(line('a'));
    expect(save).toHaveBeenCalledWith([line('a')]);
    expect(storedQuoteList()).toEqual([]);
  });

  it('ignores what is not a list in storage', () => {
    localStorage.setItem('quoteList', '{"not":"a list"}');
    expect(storedQuoteList()).toEqual([]);
    localStorage.setItem('quoteList', 'not json');
    expect(storedQuoteList()).toEqual([]);
  });
});
