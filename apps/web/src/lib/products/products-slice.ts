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
import { t } from '@/lib/i18n';

export interface ProductsState {
  products: Product[];
  productDetails: Product | null;
}

const initialState: ProductsState = { products: [], productDetails: null };

export const fetchProducts = createAsyncThunk('products/fetchAll', () =>
  withToast(() => request<ProductsResponse>('GET', API.productList), {
    loading: t('toast.productsLoading'),
    success: (r) => r.message || t('toast.productsLoaded'),
    error: t('toast.productsError'),
  }),
);

export const fetchProduct = createAsyncThunk('products/fetchOne', (id: string) =>
  withToast(() => request<ProductResponse>('GET', API.product(id)), {
    loading: t('toast.productLoading'),
    success: (r) => r.message || t('toast.productLoaded'),
    error: t('toast.productError', { id }),
  }),
);

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
