/**
 * The server's render of a public page (docs/decisions/011-server-rendering.md): the same routes
 * and components the browser runs, on a store holding what the server read for the page, as
 * HTML for inside <div id="root">. Built by `vite build --ssr` into dist-server/ and loaded by
 * apps/server (modules/pages).
 */
import { CATALOGUES } from '@agro/shared/i18n/all';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadRoute } from '@/app/router';
import { snapshotLoaded, SNAPSHOT_ELEMENT_ID, type ServerSnapshot } from '@/store/server-snapshot';
import { makeStore } from '@/store/store';
import { routerBase, setCatalogue } from '@/lib/i18n';
import { withTradeDetailsInPlace } from '@/features/products/trade-block';
import { TradeDetails } from '@/features/products/trade-details';

export { SNAPSHOT_ELEMENT_ID, type ServerSnapshot };

export async function render(snapshot: ServerSnapshot): Promise<string> {
  await preloadRoute(new URL(snapshot.url, 'http://localhost').pathname);
  const store = makeStore();
  store.dispatch(snapshotLoaded(snapshot));
  // Right before the render, which is synchronous: no other page's render can come between.
  setCatalogue(snapshot.language, CATALOGUES[snapshot.language]);
  // A product's trade details are drawn in place: the browser keeps them as this HTML (features/products/trade-block.tsx).
  return withTradeDetailsInPlace(TradeDetails, () =>
    renderToString(
      <Provider store={store}>
        <StaticRouter location={snapshot.url} basename={routerBase()}>
          <AppRoutes />
        </StaticRouter>
      </Provider>,
    ),
  );
}
