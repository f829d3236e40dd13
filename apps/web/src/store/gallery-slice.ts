import { API, ERROR_DEFAULTS, LOADING, SUCCESS, type ApiResult, type GalleryImage, type GalleryResponse } from '@agro/shared';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { request, upload, withToast } from '@/lib/api';
import { serverTextOr, t } from '@/lib/i18n';

export interface GalleryState {
  galleryImages: GalleryImage[];
}

const initialState: GalleryState = { galleryImages: [] };

export const fetchGallery = createAsyncThunk('gallery/fetch', () =>
  withToast(() => request<GalleryResponse>('GET', API.gallery), {
    loading: t('toast.imagesLoading'),
    success: (r) => serverTextOr(r.message, t('toast.imagesLoaded')),
    error: t('toast.imagesError'),
  }),
);

export const uploadImages = createAsyncThunk(
  'gallery/upload',
  ({ files, onProgress, signal }: { files: File[]; onProgress?: (fraction: number) => void; signal?: AbortSignal }) => {
    const form = new FormData();
    for (const file of files) form.append('galleryImages', file);
    return withToast(() => upload<ApiResult>('POST', API.addImages, form, onProgress, signal), {
      loading: LOADING.uploadImages,
      success: SUCCESS.uploadImages,
      error: ERROR_DEFAULTS.uploadImages,
    });
  },
);

export const deleteImage = createAsyncThunk('gallery/deleteOne', (id: string) =>
  withToast(() => request<ApiResult>('DELETE', API.deleteImage(id)), {
    loading: t('toast.imageDeleting'),
    success: t('toast.imageDeleted'),
    error: t('toast.imageDeleteError'),
  }),
);

export const deleteAllImages = createAsyncThunk('gallery/deleteAll', () =>
  withToast(() => request<ApiResult>('DELETE', API.deleteAllImages), {
    loading: t('toast.imagesDeleting'),
    success: t('toast.imagesDeleted'),
    error: t('toast.imagesDeleteError'),
  }),
);

const gallerySlice = createSlice({
  name: 'gallery',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchGallery.fulfilled, (state, action) => {
      state.galleryImages = action.payload.galleryImages?.[0]?.galleryImages ?? [];
    });
  },
});

export const galleryReducer = gallerySlice.reducer;
