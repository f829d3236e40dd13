/** The fr catalogue: the administrators' screens' texts (loaded with those screens, see catalogue.ts). */
import type { AdminCatalogue } from './catalogue.js';

const frAdmin: AdminCatalogue = {};

export default frAdmin;
