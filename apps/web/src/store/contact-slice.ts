import { API, ERROR_DEFAULTS, LOADING, SUCCESS, type ApiResult, type BotSignals, type ContactInput } from '@agro/shared';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { request, withToast } from '@/lib/api';

/** SPEC.md section 3: the contact state holds nothing. */
export type ContactState = Record<string, never>;

export const sendContact = createAsyncThunk('contact/add', (body: ContactInput & BotSignals) =>
  withToast(() => request<ApiResult>('POST', API.addContact, body), {
    loading: LOADING.contact,
    success: SUCCESS.contact,
    error: ERROR_DEFAULTS.contact,
  }),
);

const contactSlice = createSlice({ name: 'contact', initialState: {} as ContactState, reducers: {} });
export const contactReducer = contactSlice.reducer;
