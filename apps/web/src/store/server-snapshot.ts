/**
 * What the server rendered a public page with (docs/decisions/011-server-rendering.md): the
 * catalogue, the product or the gallery it read. The app hydrates with the same data, so the first
 * render matches the server's HTML; each page still makes its own calls, with their toasts, as
 * SPEC.md says, and a piece of the snapshot is dropped once the call that replaces it has
 * answered. Kept out of the persisted state (store.ts) and out of the spec's state slices: "the
 * home page loads products only if none are held" still sees what it saw before.
 */
import type { ServerSnapshot } from '@agro/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { fetchGallery } from './gallery-slice';
import { fetchProduct, fetchProducts } from './products-slice';

export type { ServerSnapshot };

const initialState: ServerSnapshot = {
  url: '',
  language: 'en',
  origin: '',
  products: null,
  product: null,
  missingProduct: null,
  slugs: {},
  gallery: null,
  settings: null,
  ownerPage: null,
};

/** The id of the <script type="application/json"> element that carries the snapshot to the browser. */
export const SNAPSHOT_ELEMENT_ID = 'server-snapshot';

const snapshotSlice = createSlice({
  name: 'serverSnapshot',
  initialState,
  reducers: {
    snapshotLoaded: (_state, action: PayloadAction<ServerSnapshot>) => action.payload,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.fulfilled, (state) => {
        state.products = null;
      })
      .addCase(fetchProducts.rejected, (state) => {
        state.products = null;
      })
      .addCase(fetchProduct.fulfilled, (state) => {
        state.product = null;
      })
      .addCase(fetchProduct.rejected, (state) => {
        state.product = null;
      })
      .addCase(fetchGallery.fulfilled, (state) => {
        state.gallery = null;
      })
      .addCase(fetchGallery.rejected, (state) => {
        state.gallery = null;
      });
  },
});

export const { snapshotLoaded } = snapshotSlice.actions;
export const serverSnapshotReducer = snapshotSlice.reducer;
