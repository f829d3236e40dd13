import { API, UI_TEXT, type Product } from '@agro/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { callsTo, logIn, makeProduct, stubFetch } from '@/test/render-harness';
import { ProductCard } from './product-card';

afterEach(() => vi.unstubAllGlobals());

/** Shows where a navigation ended up, with its state. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function renderCard(product: Product) {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      { path: '/', element: <ProductCard product={product} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { user: userEvent.setup(), router };
}

const product = makeProduct({
  _id: 'p42',
  productName: 'Natural Jaggery Blocks',
  keyFeatures: ['No chemicals', 'Open-pan boiled', 'Third feature stays off the card'],
  productThumbnail: { secure_url: '/uploads/t.webp', srcset: '/uploads/t-480.webp 480w, /uploads/t.webp 1200w', width: 1200, height: 900 },
});

describe('ProductCard (SPEC.md section 2)', () => {
  it('is 300 x 500 with the thumbnail, the name and only the first two key features', () => {
    renderCard(product);
    const card = screen.getByRole('article', { name: 'Natural Jaggery Blocks' });
    expect(card).toHaveStyle({ width: '300px', height: '500px' });
    const img = within(card).getByRole('img', { name: 'Natural Jaggery Blocks' });
    expect(img).toHaveAttribute('src', '/uploads/t.webp');
    expect(img).toHaveAttribute('srcset', product.productThumbnail.srcset);
    const features = within(card).getByRole('list', { name: 'Key features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No chemicals', 'Open-pan boiled']);
    expect(within(card).queryByText('Third feature stays off the card')).not.toBeInTheDocument();
  });

  it('Learn More opens the detail page with ?id= and the id as navigation state', async () => {
    const { user } = renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Learn More' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/products/description?id=p42 {"id":"p42"}');
  });

  it('has no Edit or Delete for a visitor or a USER', () => {
    logIn('USER');
    renderCard(product);
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('gives an admin Edit, which opens /edit-product with the id as state', async () => {
    logIn('ADMIN');
    const { user } = renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Edit Natural Jaggery Blocks' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/edit-product {"id":"p42"}');
  });

  it('asks before deleting; Cancel deletes nothing', async () => {
    const calls = stubFetch({});
    logIn('ADMIN');
    const { user } = renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Delete Natural Jaggery Blocks' }));
    const dialog = screen.getByRole('dialog', { name: UI_TEXT.deleteProductConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('deletes on Delete and then reloads the product list', async () => {
    const calls = stubFetch({
      [`DELETE ${API.deleteProduct('p42')}`]: { body: { success: true, message: 'Product Deleted Successfully' } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    logIn('ADMIN');
    const { user } = renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Delete Natural Jaggery Blocks' }));
    await user.click(within(screen.getByRole('dialog', { name: UI_TEXT.deleteProductConfirm })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'GET', API.productList)).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${API.deleteProduct('p42')}`, `GET ${API.productList}`]);
  });

  it('does not reload the list when the delete fails', async () => {
    const calls = stubFetch({ [`DELETE ${API.deleteProduct('p42')}`]: { status: 500, body: { success: false, message: 'Boom' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logIn('ADMIN');
    const { user } = renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Delete Natural Jaggery Blocks' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', API.productList)).toHaveLength(0);
  });
});
