/** What the proof of work offers other modules: the hooks of a form that needs it (routes.ts). */
export { requireProofOfWork } from './routes.js';
