import ar from '@agro/shared/locales/ar/public.json';
import en from '@agro/shared/locales/en/public.json';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnitInput } from './unit-input';
import { setCatalogue } from '@/lib/i18n';

afterEach(() => {
  setCatalogue('en', en);
});

describe('UnitInput', () => {
  it('shows the chosen product’s unit after the number', () => {
    render(<UnitInput unit="KG" aria-label="Required Quantity" />);
    expect(screen.getByText('KG')).toBeInTheDocument();
  });

  it("says 'Unit' in the page's language before a product is chosen", () => {
    setCatalogue('ar', ar);
    const { unmount } = render(<UnitInput unit={undefined} aria-label="الكمية المطلوبة" />);
    expect(screen.getByText('الوحدة')).toBeInTheDocument();
    expect(screen.queryByText('Unit')).not.toBeInTheDocument();
    unmount();
    setCatalogue('en', en);
    render(<UnitInput unit={undefined} aria-label="Required Quantity" />);
    expect(screen.getByText('Unit')).toBeInTheDocument();
  });
});
