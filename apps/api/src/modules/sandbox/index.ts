// The sandbox module's public surface: what the payments plugin may use.
export { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX, SANDBOX_WEBHOOK_SECRET } from './sandbox.constants';
export { sandboxRoutes } from './sandbox.routes';
export { createWebhookDeliverer } from './sandbox.webhooks';
