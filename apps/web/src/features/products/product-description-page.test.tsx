import { API, type Product } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arProduct from '@agro/shared/locales/ar/product.json';
import enProduct from '@agro/shared/locales/en/product.json';
import en from '@agro/shared/locales/en/public.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { callsTo, logIn, makeProduct, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const agro = makeProduct({
  _id: 'p1',
  productName: 'Organic Jaggery Powder',
  productType: 'AGRO',
  isPremium: true,
  isOrganic: true,
  productShelfLife: 12,
  productImages: [{ secure_url: '/uploads/one.webp' }, { secure_url: '/uploads/two.webp' }],
});
const nonAgro = makeProduct({
  _id: 'p2',
  productName: 'Cotton Jute Bags',
  productType: 'NONAGRO',
  isPremium: false,
  isOrganic: false,
  nutrientContent: [],
});

function serve(...products: Product[]) {
  const replies: Parameters<typeof stubFetch>[0] = {};
  for (const p of products) replies[`GET ${API.product(p._id)}`] = { body: { success: true, message: 'ok', product: p } };
  return stubFetch(replies);
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('Product detail page (SPEC.md section 2)', () => {
  it('loads the product from ?id= and shows breadcrumb, badges, origin and shelf life', async () => {
    const calls = serve(agro);
    renderRoute('/products/description?id=p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.product('p1'))).toHaveLength(1);

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(crumbs).getByText('Organic Jaggery Powder')).toHaveAttribute('aria-current', 'page');

    const badges = screen.getByRole('list', { name: 'Product badges' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['AGRO', 'Premium', 'Organic']);
    expect(screen.getByText('Kolhapur, Maharashtra, India')).toBeInTheDocument();
    expect(screen.getByText('12 months')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Quote' })).toHaveAttribute('href', '/quote');
  });

  it('takes the id from navigation state and puts it in the address', async () => {
    const calls = serve(agro);
    const { router } = renderRoute({ pathname: '/products/description', state: { id: 'p1' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.product('p1')).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.search).toBe('?id=p1'));
  });

  it('has Description, Features, Applications and Nutrition tabs for an AGRO product, with arrow keys', async () => {
    serve(agro);
    const { user } = renderRoute('/products/description?id=p1');
    await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' });
    expect(tabNames()).toEqual(['Description', 'Features', 'Applications', 'Nutrition']);
    const description = screen.getByRole('tab', { name: 'Description' });
    expect(description).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Description');
    // The description is shown once, in its tab (not also under the title).
    expect(screen.getAllByText(agro.productDescription)).toEqual([within(screen.getByRole('tabpanel')).getByText(agro.productDescription)]);

    description.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getByText('Chemical free')).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Nutrition' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByText('Iron 11 mg')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no Nutrition tab for a NONAGRO product', async () => {
    serve(nonAgro);
    renderRoute('/products/description?id=p2');
    await screen.findByRole('heading', { level: 1, name: 'Cotton Jute Bags' });
    expect(tabNames()).toEqual(['Description', 'Features', 'Applications']);
    expect(
      within(screen.getByRole('list', { name: 'Product badges' }))
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['NONAGRO']);
  });

  it.each([
    ['a visitor', null, false],
    ['a USER', 'USER', true],
    ['an ADMIN', 'ADMIN', false],
  ] as const)('shows Download Brochure to %s: %s', async (_who, role, shown) => {
    serve(agro);
    if (role) logIn(role);
    renderRoute('/products/description?id=p1');
    await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' });
    expect(screen.queryByRole('button', { name: 'Download Brochure' }) !== null).toBe(shown);
  });

  it('switches the main image with the thumbnail buttons', async () => {
    serve(agro);
    const { user } = renderRoute('/products/description?id=p1');
    await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' });
    const buttons = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Show image 1', 'Show image 2', 'Show image 3']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Organic Jaggery Powder, image 3 of 3' })).toHaveAttribute('src', '/uploads/two.webp');
  });

  it('says so, with a way back, for an unknown id', async () => {
    stubFetch({ [`GET ${API.product('nope')}`]: { status: 404, body: { success: false, message: 'Product not found' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/products/description?id=nope');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
  });

  it('says so without calling the server when no id is given', async () => {
    const calls = stubFetch({});
    renderRoute('/products/description');
    expect(await screen.findByRole('heading', { name: 'No product selected' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('Product detail page in Arabic', () => {
  afterEach(() => setCatalogue('en', en));

  it('names everything in Arabic, keeps the unit Latin and isolated, and its arrow keys follow the right-to-left tabs', async () => {
    setCatalogue('ar', ar);
    serve(agro);
    const { user } = renderRoute('/products/description?id=p1');
    await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' });
    expect(within(screen.getByRole('navigation', { name: 'مسار التنقل' })).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(
      within(screen.getByRole('list', { name: 'شارات المنتج' }))
        .getAllByRole('listitem')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['زراعي', 'مميز', 'عضوي']);
    // 12 months: 11 to 99 take the singular accusative.
    expect(screen.getByText('12 شهرًا')).toBeInTheDocument();
    expect(screen.getByText('كولهابور، ماهاراشترا، الهند')).toBeInTheDocument();
    expect(screen.getByText('KG').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(tabNames()).toEqual(['الوصف', 'الميزات', 'الاستخدامات', 'القيم الغذائية']);

    screen.getByRole('tab', { name: 'الوصف' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'الميزات' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'الوصف' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Trade details (issue 43)', () => {
  afterEach(() => setCatalogue('en', en));
  const traded = makeProduct({
    _id: 'p3',
    moq: { quantity: 1, unit: 'TONS' },
    orderMultiple: 500,
    leadTimeDays: 21,
    supplyPerMonth: { quantity: 200, unit: 'TONS' },
    packingOptions: [{ packagingType: 'PP_BAG', quantity: 25, unit: 'KG' }],
    specifications: [{ name: 'Moisture', value: 'Below 6%' }],
    certifications: ['FSSAI', 'APEDA'],
    portOfLoading: 'Nhava Sheva (JNPT), India',
  });

  it('shows the minimum order, packing, lead time, supply, specification and certificates beside the badges', async () => {
    // Its trade texts with the page's (a test's fetch answers only the product).
    setCatalogue('en', en, enProduct);
    serve(traded, agro);
    renderRoute('/products/description?id=p3');
    const block = await screen.findByRole('region', { name: 'Trade details' });
    const facts = within(block);
    expect(facts.getByText('Minimum order').nextSibling).toHaveTextContent('1 TONS');
    expect(facts.getByText('1 TONS').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(facts.getByText('Order in multiples of').nextSibling).toHaveTextContent('500 KG');
    expect(facts.getByText('21 days')).toBeInTheDocument();
    expect(facts.getByText('Supply ability').nextSibling).toHaveTextContent('200 TONS per month');
    expect(facts.getByText('Port of loading').nextSibling).toHaveTextContent('Nhava Sheva (JNPT), India');
    expect(facts.getByText(/PP Bag of/)).toHaveTextContent('PP Bag of 25 KG net');
    expect(facts.getByRole('rowheader', { name: 'Moisture' })).toBeInTheDocument();
    expect(facts.getByRole('cell', { name: 'Below 6%' })).toBeInTheDocument();
    expect(facts.getByText('FSSAI')).toBeInTheDocument();
  });

  it('is not there for a product without trade data', async () => {
    serve(agro);
    renderRoute('/products/description?id=p1');
    await screen.findByRole('heading', { level: 1, name: 'Organic Jaggery Powder' });
    expect(screen.queryByRole('region', { name: 'Trade details' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, the quantities left to right', async () => {
    // Its trade texts with the page's (a test's fetch answers only the product).
    setCatalogue('ar', ar, arProduct);
    serve(traded);
    renderRoute('/products/description?id=p3');
    const block = await screen.findByRole('region', { name: 'تفاصيل التجارة' });
    expect(within(block).getByText('الحد الأدنى للطلب')).toBeInTheDocument();
    expect(within(block).getByText('21 يومًا')).toBeInTheDocument();
    expect(within(block).getByText(/كيس بولي بروبيلين/)).toHaveTextContent('كيس بولي بروبيلين (PP) بوزن صافٍ 25 KG');
  });
});
