/** The English catalogue: the administrators' screens' texts (loaded with those screens, see catalogue.ts). */
const enAdmin = {};

export default enAdmin;
