import { API, ERROR_DEFAULTS, FORM_MIN_FILL_MS, SUCCESS, HEARD_FROM_OPTIONS, UI_TEXT, VALIDATION as V } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atLeast, byLabel, callsTo, expectLoggedErrors, logIn, makeProduct, renderRoute, stubFetch } from '@/test/render-harness';
import { quoteListLines, setQuoteList, storedQuoteList } from '@/lib/quote-list';

const R = V.quoteRequired;
const jaggery = makeProduct();
const onions = makeProduct({ _id: 'p2', productName: 'Fried Onions', productQuantityType: 'TONS', isOrganic: false });
const productsReply = { body: { success: true, message: 'ok', products: [jaggery, onions] } };

afterEach(() => vi.unstubAllGlobals());

const submitButton = () => screen.getByRole('button', { name: 'Submit Quote Request' });
const terms = () => screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ });

async function fillValidQuote(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(byLabel('Company Name'), 'Global Foods LLC');
  await user.type(byLabel('Contact Person Name'), 'Maria Lopez');
  await user.type(byLabel('Company Email'), 'maria@globalfoods.com');
  await user.type(byLabel('Mobile Number'), '+34 600 123 456');
  await user.type(byLabel('Country'), 'Spain');
  await user.type(byLabel('Address'), 'Calle Mayor 10, Madrid');
  await user.type(byLabel('Required Quantity'), '2500');
  await user.selectOptions(byLabel('Packaging Type'), 'PP_BAG');
  await user.click(screen.getByLabelText(/Custom packaging required/));
  await user.type(byLabel('Delivery Location'), 'Port of Valencia, Spain');
  await user.type(byLabel('Additional Details'), 'Need FSSAI certificate');
  await user.selectOptions(byLabel('How did you hear about us?'), 'LinkedIn');
}

describe('quote form', () => {
  it('keeps the submit button disabled until the terms are agreed', async () => {
    logIn('USER');
    stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user } = renderRoute('/quote');
    expect(await screen.findByRole('heading', { name: 'Request a Quote' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.click(terms());
    expect(submitButton()).toBeEnabled();
    await user.click(terms());
    expect(submitButton()).toBeDisabled();
  });

  it('shows every required message, focusing the first in SPEC order, then the length/format messages', async () => {
    logIn('USER');
    const calls = stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user } = renderRoute('/quote');
    await screen.findByRole('option', { name: 'Fried Onions' });
    await user.click(terms());
    await user.click(submitButton());
    const required = [
      R.companyName,
      R.contactPersonName,
      R.companyEmail,
      R.mobileNumber,
      R.country,
      R.productId,
      R.requiredQty,
      R.packagingType,
      R.deliveryLocation,
      R.address,
      R.heardFrom,
    ];
    for (const m of required) expect(await screen.findByText(m)).toBeInTheDocument();
    expect(byLabel('Company Name')).toHaveFocus();
    expect(byLabel('Company Name')).toHaveAccessibleDescription(R.companyName);

    await user.type(byLabel('Company Name'), 'Acme');
    await user.type(byLabel('Contact Person Name'), 'Bob');
    await user.type(byLabel('Company Email'), 'bob@acme');
    await user.type(byLabel('Required Quantity'), '0');
    await user.type(byLabel('Address'), 'Short');
    await user.type(byLabel('Delivery Location'), 'Dubai');
    await user.click(submitButton());
    for (const m of [
      V.quoteCompanyNameMin,
      V.quoteContactPersonMin,
      V.invalidEmail,
      V.quoteRequiredQtyMin,
      V.quoteAddressMin,
      V.quoteDeliveryLocationMin,
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    // 'Mobile Number is required' comes before every length/format message in SPEC order.
    expect(byLabel('Mobile Number')).toHaveFocus();

    // Unticking the terms after a submit attempt explains why the button is disabled.
    await user.click(terms());
    expect(await screen.findByText(R.agreeToTerms)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(callsTo(calls, 'POST', API.addQuote)).toHaveLength(0);
  });

  it('sends exactly the quote fields (no agreeToTerms, productName or productQuantityType) and resets after success', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`POST ${API.addQuote}`]: { status: 201, body: { success: true, message: SUCCESS.addQuote } },
    });
    // Coming from a product page: the product is pre-selected.
    const { user } = renderRoute({ pathname: '/quote', state: { id: 'p2' } });
    await screen.findByRole('option', { name: 'Fried Onions' });
    await waitFor(() => expect(byLabel('Product')).toHaveValue('p2'));
    // The unit of the chosen product is shown beside the quantity.
    expect(screen.getByText('TONS')).toBeInTheDocument();
    await fillValidQuote(user);
    await user.click(terms());
    await user.click(submitButton());
    // After the form's minimum fill time (lib/bot-signals.tsx).
    await waitFor(() => expect(callsTo(calls, 'POST', API.addQuote)).toHaveLength(1), { timeout: 4000 });
    expect(callsTo(calls, 'POST', API.addQuote)[0]?.body).toEqual({
      companyName: 'Global Foods LLC',
      contactPersonName: 'Maria Lopez',
      companyEmail: 'maria@globalfoods.com',
      mobileNumber: '+34 600 123 456',
      country: 'Spain',
      address: 'Calle Mayor 10, Madrid',
      productId: 'p2',
      requiredQty: 2500,
      packagingType: 'PP_BAG',
      isCustomPackagingRequired: true,
      deliveryLocation: 'Port of Valencia, Spain',
      isUrgent: false,
      additionalInfo: 'Need FSSAI certificate',
      heardFrom: 'LinkedIn',
      fillMs: atLeast(FORM_MIN_FILL_MS.quote),
    });
    await waitFor(() => expect(byLabel('Company Name')).toHaveValue(''));
    expect(byLabel('Product')).toHaveValue('');
    expect(terms()).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
  });

  it('keeps what was typed after a server error', async () => {
    logIn('USER');
    expectLoggedErrors();
    stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`POST ${API.addQuote}`]: { status: 500, body: { success: false } },
    });
    const { user } = renderRoute('/quote?productId=p1');
    await screen.findByRole('option', { name: 'Fried Onions' });
    await waitFor(() => expect(byLabel('Product')).toHaveValue('p1'));
    await fillValidQuote(user);
    await user.click(terms());
    await user.click(submitButton());
    expect(await screen.findByText(ERROR_DEFAULTS.addQuote)).toBeInTheDocument();
    expect(byLabel('Company Name')).toHaveValue('Global Foods LLC');
    expect(terms()).toBeChecked();
  });

  it('offers the packaging labels and heard-from options, and says when no product is available', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } });
    renderRoute('/quote');
    const product = await screen.findByLabelText(/^Product( \*)?$/);
    await waitFor(() => expect(within(product).getByRole('option', { name: UI_TEXT.noProducts })).toBeInTheDocument());
    const packaging = within(byLabel('Packaging Type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(packaging).toContain('Corrugated Box');
    expect(packaging).toContain('FIBC Bag');
    const heard = within(byLabel('How did you hear about us?'))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(heard).toEqual([...HEARD_FROM_OPTIONS]);
    expect(screen.getByRole('heading', { name: UI_TEXT.whatHappensNext })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  });
});

describe('the minimum order (issue 43)', () => {
  it("shows the chosen product's minimum order and packing, and refuses a quantity under it before sending", async () => {
    logIn('USER');
    const traded = makeProduct({
      _id: 'p3',
      productName: 'Jaggery Blocks',
      moq: { quantity: 1, unit: 'TONS' },
      packingOptions: [{ packagingType: 'PP_BAG', quantity: 25, unit: 'KG' }],
    });
    const calls = stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [traded, onions] } } });
    const { user } = renderRoute({ pathname: '/quote', state: { id: 'p3' } });
    await waitFor(() => expect(byLabel('Product')).toHaveValue('p3'));
    expect(screen.getByText(/Minimum order for this product:/)).toHaveTextContent('Minimum order for this product: 1,000 KG');
    expect(screen.getByText('Packing options: PP Bag 25 KG')).toBeInTheDocument();
    await fillValidQuote(user);
    await user.clear(byLabel('Required Quantity'));
    await user.type(byLabel('Required Quantity'), '500');
    await user.click(terms());
    await user.click(submitButton());
    expect(await screen.findByText('Required Quantity must be at least 1000 KG for this product')).toBeInTheDocument();
    // Under 1: SPEC.md's message, not the minimum order's.
    await user.clear(byLabel('Required Quantity'));
    await user.type(byLabel('Required Quantity'), '0');
    await user.click(submitButton());
    expect(await screen.findByText(V.quoteRequiredQtyMin)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.addQuote)).toHaveLength(0);
  });
});

describe('a quote of several lines (issue 45)', () => {
  // Line 1 is SPEC.md's fields; the other lines repeat their labels in their own group.
  const firstLine = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}( \\*)?$`))[0];
  /** A quote list of two lines kept in this browser, as a visitor leaves it before signing in. */
  const startWithTwoLines = () => {
    localStorage.setItem(
      'quoteList',
      JSON.stringify([
        { productId: 'p1', requiredQty: 14000, packagingType: 'PP_BAG', isCustomPackagingRequired: false },
        { productId: 'p2', requiredQty: 7.84, packagingType: 'FIBC_BAG', isCustomPackagingRequired: true },
      ]),
    );
    setQuoteList(storedQuoteList());
  };

  it('opens with the quote list, shows the container estimate, sends items, and empties the list', async () => {
    logIn('USER');
    startWithTwoLines();
    const calls = stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`POST ${API.addQuote}`]: { status: 201, body: { success: true, message: SUCCESS.addQuote } },
    });
    const { user } = renderRoute('/quote');
    await screen.findAllByRole('option', { name: 'Fried Onions' });
    const second = screen.getByRole('group', { name: 'Product 2' });
    await waitFor(() => expect(firstLine('Product')).toHaveValue('p1'));
    expect(within(second).getByLabelText(/^Product/)).toHaveValue('p2');
    // 14,000 KG and 7.84 TONS: 21,840 KG against 28,000 and 26,500.
    const estimate = screen.getByRole('region', { name: 'Container estimate' });
    expect(estimate).toHaveTextContent("about 78% of a 20' container");
    expect(estimate).toHaveTextContent("about 82% of a 40' container");

    await user.type(byLabel('Company Name'), 'Global Foods LLC');
    await user.type(byLabel('Contact Person Name'), 'Maria Lopez');
    await user.type(byLabel('Company Email'), 'maria@globalfoods.com');
    await user.type(byLabel('Mobile Number'), '+34 600 123 456');
    await user.type(byLabel('Country'), 'Spain');
    await user.type(byLabel('Address'), 'Calle Mayor 10, Madrid');
    await user.type(byLabel('Delivery Location'), 'Port of Valencia, Spain');
    await user.selectOptions(byLabel('How did you hear about us?'), 'LinkedIn');
    await user.click(terms());
    await user.click(submitButton());
    await waitFor(() => expect(callsTo(calls, 'POST', API.addQuote)).toHaveLength(1), { timeout: 4000 });
    const body = callsTo(calls, 'POST', API.addQuote)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      productId: 'p1',
      requiredQty: 14000,
      packagingType: 'PP_BAG',
      isCustomPackagingRequired: false,
      items: [
        { productId: 'p1', requiredQty: 14000, packagingType: 'PP_BAG', isCustomPackagingRequired: false },
        { productId: 'p2', requiredQty: 7.84, packagingType: 'FIBC_BAG', isCustomPackagingRequired: true },
      ],
    });
    await waitFor(() => expect(quoteListLines()).toEqual([]));
    expect(screen.queryByRole('group', { name: 'Product 2' })).not.toBeInTheDocument();
  });

  it('keeps a change made on the form in the quote list (the buyer may go on browsing), and a SPEC.md one-product form adds nothing to it', async () => {
    logIn('USER');
    startWithTwoLines();
    stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user, unmount } = renderRoute('/quote');
    await screen.findAllByRole('option', { name: 'Fried Onions' });
    await waitFor(() => expect(firstLine('Product')).toHaveValue('p1'));
    await user.clear(firstLine('Required Quantity')!);
    await user.type(firstLine('Required Quantity')!, '9000');
    await user.click(within(screen.getByRole('group', { name: 'Product 2' })).getByRole('button', { name: 'Remove product 2' }));
    await waitFor(() =>
      expect(quoteListLines()).toEqual([{ productId: 'p1', requiredQty: 9000, packagingType: 'PP_BAG', isCustomPackagingRequired: false }]),
    );
    unmount();

    setQuoteList([]);
    const again = renderRoute('/quote?productId=p1');
    await screen.findAllByRole('option', { name: 'Fried Onions' });
    await fillValidQuote(again.user);
    await new Promise((r) => setTimeout(r, 600));
    expect(quoteListLines()).toEqual([]);
  });

  it('adds and removes lines, and refuses a product twice', async () => {
    logIn('USER');
    const calls = stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user } = renderRoute('/quote?productId=p1');
    await screen.findByRole('option', { name: 'Fried Onions' });
    await waitFor(() => expect(byLabel('Product')).toHaveValue('p1'));
    await fillValidQuote(user);
    await user.click(screen.getByRole('button', { name: 'Add another product' }));
    const second = screen.getByRole('group', { name: 'Product 2' });
    await user.selectOptions(within(second).getByLabelText(/^Product/), 'p1');
    await user.type(within(second).getByLabelText(/^Required Quantity/), '10');
    await user.selectOptions(within(second).getByLabelText(/^Packaging Type/), 'PP_BAG');
    await user.click(terms());
    await user.click(submitButton());
    expect(await within(second).findByText('Each product can be in a quote only once')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.addQuote)).toHaveLength(0);
    await user.click(within(second).getByRole('button', { name: 'Remove product 2' }));
    expect(screen.queryByRole('group', { name: 'Product 2' })).not.toBeInTheDocument();
  });
});
