import { API, PRODUCT_TRADE_MESSAGES, UI_TEXT, VALIDATION as V } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  byLabel,
  expectLoggedErrors,
  logIn,
  makeProduct,
  renderRoute,
  stubFetch,
  stubHeldXhr,
  stubXhr,
  type RecordedCall,
} from '@/test/render-harness';
import { setCatalogue } from '@/lib/i18n';

const R = V.productRequired;

afterEach(() => vi.unstubAllGlobals());

const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const sent = (call: RecordedCall | undefined) => call?.body as FormData;
const listStub = { [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } };

type User = ReturnType<typeof renderRoute>['user'];

async function fillProduct(user: User) {
  await user.type(byLabel('Product Name'), 'Jaggery Cubes');
  await user.type(byLabel('Product Form'), 'Cubes');
  await user.selectOptions(byLabel('Quantity Type'), 'KG');
  await user.type(byLabel('Shelf Life (months)'), '9');
  await user.click(screen.getByRole('checkbox', { name: /Premium/ }));
  await user.type(byLabel('Product Description'), 'Bite-sized natural jaggery cubes.');
  await user.type(screen.getByLabelText('Nutrient 1'), 'Iron 11 mg');
  await user.click(screen.getByRole('button', { name: 'Add nutrient' }));
  await user.type(screen.getByLabelText('Nutrient 2'), 'Calcium 80 mg');
  await user.type(screen.getByLabelText('Key feature 1'), 'No chemicals');
  await user.click(screen.getByRole('button', { name: 'Add key feature' }));
  await user.type(screen.getByLabelText('Key feature 2'), 'Easy to portion');
  await user.type(screen.getByLabelText('Application 1'), 'Tea');
}

describe('add product', () => {
  it('shows the required messages of the product schema and the thumbnail', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    const calls = stubXhr({ body: {} });
    const { user } = renderRoute('/add-product');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    for (const m of [
      R.productName,
      R.productForm,
      R.productDescription,
      R.productShelfLife,
      R.productThumbnail,
      R.nutrientContent,
      R.keyFeatures,
      R.applications,
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    // A list's message goes as soon as the list has an entry.
    await user.type(screen.getByLabelText('Key feature 1'), 'Natural');
    await waitFor(() => expect(screen.queryByText(R.keyFeatures)).not.toBeInTheDocument());
    expect(screen.getByText(R.applications)).toBeInTheDocument();
    await user.type(byLabel('Shelf Life (months)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(V.productShelfLifeMin)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('disables remove at one entry, adds and removes entries, and shows nutrients only for AGRO', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    const { user } = renderRoute('/add-product');
    const removeFirst = await screen.findByRole('button', { name: 'Remove key feature #1' });
    expect(removeFirst).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove application #1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add key feature' }));
    expect(screen.getByLabelText('Key feature 2')).toBeInTheDocument();
    expect(removeFirst).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove key feature #2' }));
    expect(screen.queryByLabelText('Key feature 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove key feature #1' })).toBeDisabled();

    expect(byLabel('Product Type')).toHaveValue('AGRO');
    expect(byLabel('Quantity Type')).toHaveValue('NOS');
    expect(screen.getByRole('group', { name: /Nutrient Content/ })).toBeInTheDocument();
    await user.selectOptions(byLabel('Product Type'), 'NONAGRO');
    expect(screen.queryByRole('group', { name: /Nutrient Content/ })).not.toBeInTheDocument();
  });

  it('sends the multipart body with repeated fields and files, shows progress, then goes to /products', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    // Held until the bar has been read: a fixed delay raced the progress on a busy machine.
    const held = stubHeldXhr();
    const { user, router } = renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    await fillProduct(user);
    const thumb = image('thumb.png');
    await user.upload(byLabel('Product Thumbnail'), thumb);
    expect(screen.getByRole('img', { name: 'New thumbnail thumb.png' })).toBeInTheDocument();
    const a = image('a.png');
    const b = image('b.png');
    await user.upload(byLabel('Product Images'), [a, b]);
    expect(screen.getByRole('img', { name: 'New image b.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading product' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    // The add form resets at submit (SPEC.md section 2).
    expect(byLabel('Product Name')).toHaveValue('');
    held[0]?.answer({ status: 201, body: { success: true, message: 'ok', product: makeProduct() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));

    const calls = held.map((h) => h.call);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.path).toBe(API.addProduct);
    const form = sent(calls[0]);
    expect(form.get('productName')).toBe('Jaggery Cubes');
    expect(form.get('productType')).toBe('AGRO');
    expect(form.get('productQuantityType')).toBe('KG');
    expect(form.get('productForm')).toBe('Cubes');
    expect(form.get('productDescription')).toBe('Bite-sized natural jaggery cubes.');
    expect(form.get('isOrganic')).toBe('false');
    expect(form.get('isPremium')).toBe('true');
    expect(form.get('productShelfLife')).toBe('9');
    expect(form.getAll('nutrientContent')).toEqual(['Iron 11 mg', 'Calcium 80 mg']);
    expect(form.getAll('keyFeatures')).toEqual(['No chemicals', 'Easy to portion']);
    expect(form.getAll('applications')).toEqual(['Tea']);
    expect(form.get('productThumbnail')).toBe(thumb);
    expect(form.getAll('productImages')).toEqual([a, b]);
    expect(form.has('_id')).toBe(false);
  });

  it('puts everything back after a server error', async () => {
    logIn('ADMIN');
    expectLoggedErrors();
    stubFetch(listStub);
    stubXhr({ status: 500, body: { success: false, message: 'Disk full' } });
    const { user, router } = renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    await fillProduct(user);
    await user.upload(byLabel('Product Thumbnail'), image('thumb.png'));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Disk full')).toBeInTheDocument();
    await waitFor(() => expect(byLabel('Product Name')).toHaveValue('Jaggery Cubes'));
    expect(screen.getByLabelText('Key feature 2')).toHaveValue('Easy to portion');
    expect(await screen.findByRole('img', { name: 'New thumbnail thumb.png' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-product');
  });
});

describe('cancelling a product upload (issue 26)', () => {
  it('add: stops the request, says so, and puts back everything typed and chosen; sending again works', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    const held = stubHeldXhr();
    const { user, router } = renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    await fillProduct(user);
    const thumb = image('thumb.png');
    const a = image('a.png');
    await user.upload(byLabel('Product Thumbnail'), thumb);
    await user.upload(byLabel('Product Images'), a);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading product' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(byLabel('Product Name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: UI_TEXT.cancelUpload }));

    expect(held[0]?.aborted).toBe(true);
    expect(await screen.findByText(UI_TEXT.uploadCancelled)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.uploadCancelledFormKept);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UI_TEXT.cancelUpload })).not.toBeInTheDocument();
    await waitFor(() => expect(byLabel('Product Name')).toHaveValue('Jaggery Cubes'));
    expect(byLabel('Shelf Life (months)')).toHaveValue(9);
    expect(screen.getByRole('checkbox', { name: /Premium/ })).toBeChecked();
    expect(screen.getByLabelText('Nutrient 2')).toHaveValue('Calcium 80 mg');
    expect(screen.getByLabelText('Key feature 2')).toHaveValue('Easy to portion');
    expect(await screen.findByRole('img', { name: 'New thumbnail thumb.png' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'New image a.png' })).toBeInTheDocument();
    // The button that went away leaves the focus on the one that sends again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product' })).toHaveFocus());
    expect(router.state.location.pathname).toBe('/add-product');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(held).toHaveLength(2));
    const again = sent(held[1]?.call);
    expect(again.get('productName')).toBe('Jaggery Cubes');
    expect(again.get('productThumbnail')).toBe(thumb);
    expect(again.getAll('productImages')).toEqual([a]);
    held[1]?.answer({ status: 201, body: { success: true, message: 'ok', product: makeProduct() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('edit: stops the request and keeps the edits and the new thumbnail', async () => {
    logIn('ADMIN');
    stubFetch({ ...listStub, [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product: makeProduct() } } });
    const held = stubHeldXhr();
    const { user, router } = renderRoute('/edit-product?id=p1');
    await waitFor(() => expect(byLabel('Product Name')).toHaveValue('Organic Jaggery Powder'));
    await user.clear(byLabel('Product Name'));
    await user.type(byLabel('Product Name'), 'Organic Jaggery Cubes');
    await user.upload(byLabel('Product Thumbnail'), image('cubes.png'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('progressbar', { name: 'Saving product' });
    await user.click(screen.getByRole('button', { name: UI_TEXT.cancelUpload }));

    expect(held[0]?.aborted).toBe(true);
    expect(held[0]?.call.method).toBe('PATCH');
    expect(await screen.findByText(UI_TEXT.uploadCancelled)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.uploadCancelledFormKept);
    expect(byLabel('Product Name')).toHaveValue('Organic Jaggery Cubes');
    expect(await screen.findByRole('img', { name: 'New thumbnail cubes.png' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-product');
  });

  it('states the size limit before the upload', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    expect(byLabel('Product Thumbnail')).toHaveAccessibleDescription(/at most 10 MB/);
    expect(byLabel('Product Images')).toHaveAccessibleDescription(/At most 10 MB each, 20 files in all/);
  });
});

describe('edit product', () => {
  it('loads the product from navigation state, pre-fills it and sends _id with the non-empty fields only', async () => {
    logIn('ADMIN');
    const product = makeProduct({ productType: 'NONAGRO', nutrientContent: [], productQuantityType: 'NOS', productName: 'Steel Tiffin' });
    const fetches = stubFetch({ ...listStub, [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product } } });
    const calls = stubXhr({ body: { success: true, message: 'ok', product } });
    const { user, router } = renderRoute({ pathname: '/edit-product', state: { id: 'p1' } });
    await waitFor(() => expect(byLabel('Product Name')).toHaveValue('Steel Tiffin'));
    expect(fetches.some((c) => c.path === API.product('p1'))).toBe(true);
    expect(byLabel('Product Type')).toHaveValue('NONAGRO');
    expect(screen.queryByRole('group', { name: /Nutrient Content/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Key feature 2')).toHaveValue('Rich taste');
    expect(screen.getByRole('img', { name: 'Current thumbnail' })).toHaveAttribute('src', '/uploads/thumb.webp');

    await user.clear(byLabel('Product Name'));
    await user.type(byLabel('Product Name'), 'Steel Tiffin Box');
    await user.clear(screen.getByLabelText('Key feature 2'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));

    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.path).toBe(API.updateProduct('p1'));
    const form = sent(calls[0]);
    expect(form.get('_id')).toBe('p1');
    expect(form.get('productName')).toBe('Steel Tiffin Box');
    expect(form.getAll('keyFeatures')).toEqual(['Chemical free']);
    expect(form.has('nutrientContent')).toBe(false);
    expect(form.has('productThumbnail')).toBe(false);
    expect(form.has('productImages')).toBe(false);
    for (const value of form.values()) expect(value).not.toBe('');
  });

  it('also takes the id from ?id= and validates like the add form (thumbnail optional)', async () => {
    logIn('ADMIN');
    stubFetch({ ...listStub, [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product: makeProduct() } } });
    const calls = stubXhr({ body: {} });
    const { user } = renderRoute('/edit-product?id=p1');
    await waitFor(() => expect(byLabel('Product Name')).toHaveValue('Organic Jaggery Powder'));
    await user.clear(byLabel('Product Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(R.productName)).toBeInTheDocument();
    expect(screen.queryByText(R.productThumbnail)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(within(screen.getByRole('group', { name: /Nutrient Content/ })).getByLabelText('Nutrient 1')).toHaveValue('Iron 11 mg');
  });

  it('says so when no product id is given', async () => {
    logIn('ADMIN');
    stubFetch({});
    renderRoute('/edit-product');
    expect(await screen.findByText('No product was chosen to edit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Products' })).toHaveAttribute('href', '/products');
  });
});

describe('add product in Arabic', () => {
  afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

  it("shows every required message in Arabic, the lists' too", async () => {
    setCatalogue('ar', ar, arMessages, arApp, arAdmin);
    logIn('ADMIN');
    stubFetch(listStub);
    stubXhr({ body: {} });
    const { user } = renderRoute('/add-product');
    await user.click(await screen.findByRole('button', { name: arAdmin.productForm.submitAdd }));
    const messages = arMessages.messages.validation.productRequired;
    for (const m of [messages.productName, messages.nutrientContent, messages.keyFeatures, messages.applications]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    expect(screen.queryByText(R.keyFeatures)).not.toBeInTheDocument();
  });
});

describe('trade details (issue 43)', () => {
  it('sends the minimum order, packing options, specifications and certifications as JSON fields', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    const held = stubHeldXhr();
    const { user } = renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    await fillProduct(user);
    await user.upload(byLabel('Product Thumbnail'), image('thumb.png'));
    const trade = within(screen.getByRole('region', { name: 'Trade details' }));
    await user.type(trade.getByLabelText('Minimum order quantity'), '1');
    await user.selectOptions(trade.getByLabelText('Minimum order unit'), 'TONS');
    await user.type(trade.getByLabelText('Lead time (days)'), '21');
    await user.click(trade.getByRole('button', { name: 'Add packing option' }));
    await user.selectOptions(trade.getByLabelText('Packaging type 1'), 'PP_BAG');
    await user.type(trade.getByLabelText('Net quantity 1'), '25');
    await user.selectOptions(trade.getByLabelText('Net quantity unit 1'), 'KG');
    await user.click(trade.getByRole('button', { name: 'Add specification' }));
    await user.type(trade.getByLabelText('Specification name 1'), 'Moisture');
    await user.type(trade.getByLabelText('Specification value 1'), 'Below 6%');
    await user.click(trade.getByRole('checkbox', { name: 'FSSAI' }));
    await user.click(trade.getByRole('checkbox', { name: 'APEDA' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(held).toHaveLength(1));
    const form = sent(held[0]?.call);
    expect(JSON.parse(form.get('moq') as string)).toEqual({ quantity: '1', unit: 'TONS' });
    expect(form.get('leadTimeDays')).toBe('21');
    expect(JSON.parse(form.get('packingOptions') as string)).toEqual([{ packagingType: 'PP_BAG', quantity: '25', unit: 'KG' }]);
    expect(JSON.parse(form.get('specifications') as string)).toEqual([{ name: 'Moisture', value: 'Below 6%' }]);
    expect(JSON.parse(form.get('certifications') as string)).toEqual(['FSSAI', 'APEDA']);
    // What was left blank is not sent on an add.
    expect(form.has('supplyPerMonth')).toBe(false);
    expect(form.has('orderMultiple')).toBe(false);
    held[0]?.answer({ status: 201, body: { success: true, message: 'ok', product: makeProduct() } });
  });

  it('refuses a minimum order without its unit and a half-filled packing option, with their messages', async () => {
    logIn('ADMIN');
    stubFetch(listStub);
    const calls = stubXhr({ body: {} });
    const { user } = renderRoute('/add-product');
    await screen.findByRole('button', { name: 'Add Product' });
    await fillProduct(user);
    await user.upload(byLabel('Product Thumbnail'), image('thumb.png'));
    const trade = within(screen.getByRole('region', { name: 'Trade details' }));
    await user.type(trade.getByLabelText('Minimum order quantity'), '500');
    await user.click(trade.getByRole('button', { name: 'Add packing option' }));
    await user.type(trade.getByLabelText('Net quantity 1'), '25');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await trade.findByText(PRODUCT_TRADE_MESSAGES.moq)).toBeInTheDocument();
    expect(trade.getByText(PRODUCT_TRADE_MESSAGES.packingOptions)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('an edit shows the stored trade details and sends every field, a cleared one as null', async () => {
    logIn('ADMIN');
    const product = makeProduct({
      _id: 'p1',
      moq: { quantity: 1000, unit: 'KG' },
      leadTimeDays: 15,
      certifications: ['HACCP'],
      specifications: [{ name: 'Colour', value: 'Golden' }],
    });
    stubFetch({ ...listStub, [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product } } });
    const calls = stubXhr({ body: { success: true, message: 'ok', product } });
    const { user } = renderRoute('/edit-product?id=p1');
    const trade = within(await screen.findByRole('region', { name: 'Trade details' }));
    await waitFor(() => expect(trade.getByLabelText('Minimum order quantity')).toHaveValue(1000));
    expect(trade.getByRole('checkbox', { name: 'HACCP' })).toBeChecked();
    expect(trade.getByLabelText('Specification value 1')).toHaveValue('Golden');
    await user.clear(trade.getByLabelText('Lead time (days)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const form = sent(calls[0]);
    expect(form.get('leadTimeDays')).toBe('null');
    expect(JSON.parse(form.get('moq') as string)).toEqual({ quantity: '1000', unit: 'KG' });
    expect(form.get('packingOptions')).toBe('[]');
    expect(JSON.parse(form.get('certifications') as string)).toEqual(['HACCP']);
  });
});
