export { createWebhookDeliverer, type WebhookDeliverer } from './deliverer.js';
