import {
  API,
  ERROR_DEFAULTS,
  LOADING,
  SUCCESS,
  type ApiResult,
  type Product,
  type ProductResponse,
  type ProductsResponse,
} from '@agro/shared';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { request, upload, withToast } from '@/lib/api';
import { pageLanguage, serverTextOr, t } from '@/lib/i18n';

/**
 * A product call in the page's language (issue 28): `?lang=ar` on an Arabic page, for the
 * translated fields; an English page asks exactly as SPEC.md does.
 */
export function inPageLanguage(path: string): string {
  const language = pageLanguage();
  return language === 'en' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}

export interface ProductsState {
  products: Product[];
  productDetails: Product | null;
}

const initialState: ProductsState = { products: [], productDetails: null };

export const fetchProducts = createAsyncThunk('products/fetchAll', () =>
  withToast(() => request<ProductsResponse>('GET', inPageLanguage(API.productList)), {
    loading: t('toast.productsLoading'),
    success: (r) => serverTextOr(r.message, t('toast.productsLoaded')),
    error: t('toast.productsError'),
  }),
);

/** One product in the page's language; `{ id, english: true }` (the edit form) always the English product. */
export const fetchProduct = createAsyncThunk('products/fetchOne', (arg: string | { id: string; english: true }) => {
  const id = typeof arg === 'string' ? arg : arg.id;
  return withToast(() => request<ProductResponse>('GET', typeof arg === 'string' ? inPageLanguage(API.product(id)) : API.product(id)), {
    loading: t('toast.productLoading'),
    success: (r) => serverTextOr(r.message, t('toast.productLoaded')),
    error: t('toast.productError', { id }),
  });
});

export const deleteProduct = createAsyncThunk('products/delete', (id: string) =>
  withToast(() => request<ApiResult>('DELETE', API.deleteProduct(id)), {
    loading: t('toast.productDeleting'),
    success: t('toast.productDeleted'),
    error: t('toast.productDeleteError'),
  }),
);

/** A product's multipart body, with its upload's progress (0..1) and a signal that cancels it. */
interface ProductUpload {
  form: FormData;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export const addProduct = createAsyncThunk('products/add', ({ form, onProgress, signal }: ProductUpload) =>
  withToast(() => upload<ProductResponse>('POST', API.addProduct, form, onProgress, signal), {
    loading: LOADING.addProduct,
    success: SUCCESS.addProduct,
    error: ERROR_DEFAULTS.addProduct,
  }),
);

export const updateProduct = createAsyncThunk('products/update', ({ id, form, onProgress, signal }: ProductUpload & { id: string }) =>
  withToast(() => upload<ProductResponse>('PATCH', API.updateProduct(id), form, onProgress, signal), {
    loading: LOADING.updateProduct,
    success: SUCCESS.updateProduct,
    error: ERROR_DEFAULTS.updateProduct,
  }),
);

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.fulfilled, (state, action) => {
        // SPEC.md section 4: the list is replaced only when a result is returned.
        if (Array.isArray(action.payload.products)) state.products = action.payload.products;
      })
      .addCase(fetchProduct.fulfilled, (state, action) => {
        state.productDetails = action.payload.product;
      });
  },
});

export const productsReducer = productsSlice.reducer;
