/**
 * What sample requests offer other modules: the dashboard's figure (samples sent, the share that
 * became a quote), the buyer's data export and the account deletion's anonymisation, and the
 * quote form's check of the sample a quote is asked from.
 */
export { anonymiseUserSamples, findSample, findSampleOwner, sampleConversion, userSampleIds } from './repository.js';
