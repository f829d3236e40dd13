import {
  SAMPLE_API,
  type Courier,
  type MySamplesResponse,
  type SampleAddInput,
  type SampleResponse,
  type SamplesResponse,
} from '@agro/shared';
import { request, withToast } from '@/lib/api';
import { t } from '@/lib/i18n';

/** The buyer's requests and the limits of the next one (no toast: the page shows its own states). */
export const fetchMySamples = () => request<MySamplesResponse>('GET', SAMPLE_API.mySamples);

export const addSample = (body: SampleAddInput) =>
  withToast(() => request<SampleResponse>('POST', SAMPLE_API.addSample, body), {
    loading: t('samples.sending'),
    success: t('samples.added'),
    error: t('samples.addError'),
  });

export const markSampleDelivered = (id: string, success: string, error: string) =>
  withToast(() => request<SampleResponse>('POST', SAMPLE_API.sampleDelivered(id), {}), { loading: t('samples.marking'), success, error });

export const sendSampleFeedback = (id: string, body: { rating: number; note: string }) =>
  withToast(() => request<SampleResponse>('POST', SAMPLE_API.sampleFeedback(id), body), {
    loading: t('samples.marking'),
    success: t('samples.feedbackSaved'),
    error: t('samples.feedbackError'),
  });

/** 'Sample requests' (admin): `query` holds the filters and the page. */
export const fetchAllSamples = (query: string) => request<SamplesResponse>('GET', `${SAMPLE_API.allSamples}?${query}`);

export const fetchSample = (id: string) => request<SampleResponse>('GET', SAMPLE_API.sample(id));

export type AdminStep =
  | { step: 'approve' }
  | { step: 'decline'; reason: string }
  | { step: 'dispatch'; courier: Courier; trackingNumber: string }
  | { step: 'delivered' };

/** An administrator's step; the toasts' texts come from the admin screen. */
export function sampleStep(id: string, change: AdminStep, texts: { loading: string; success: string; error: string }) {
  const { step, ...body } = change;
  const path = {
    approve: SAMPLE_API.approveSample(id),
    decline: SAMPLE_API.declineSample(id),
    dispatch: SAMPLE_API.dispatchSample(id),
    delivered: SAMPLE_API.sampleDelivered(id),
  }[step];
  return withToast(() => request<SampleResponse>('POST', path, body), texts);
}
