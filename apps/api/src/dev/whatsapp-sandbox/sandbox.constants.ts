/*
 * The built-in WhatsApp sandbox's fixed settings. TEST-ONLY: the token, the app secret and the verify token are public
 * (they are in this file), so they protect nothing; the sandbox is enabled only when no WHATSAPP_TOKEN is configured,
 * and no message ever leaves the shop through it.
 */

/** Where the emulator answers, on the shop's own host; below it, the Graph API paths (/v23.0/...). */
export const SANDBOX_PREFIX = '/sandbox/whatsapp';
export const SANDBOX_VERSION = 'v23.0';
export const SANDBOX_TOKEN = 'kapaas_whatsapp_sandbox_token_TEST_ONLY';
export const SANDBOX_APP_SECRET = 'kapaas_whatsapp_sandbox_app_secret_TEST_ONLY';
export const SANDBOX_VERIFY_TOKEN = 'kapaas_whatsapp_sandbox_verify_token_TEST_ONLY';
export const SANDBOX_PHONE_NUMBER_ID = '100000000000001';
export const SANDBOX_WABA_ID = '200000000000002';
/** The shop's number as the shopper's phone shows it. */
export const SANDBOX_DISPLAY_NUMBER = '15550000001';
/** The shop's webhook receiver (the whatsapp module's). */
export const WEBHOOK_PATH = '/api/whatsapp_webhook';
/**
 * A number ending in these digits is taken and then reported undeliverable (a `failed` status with Meta's 131026),
 * as Meta does for a number without WhatsApp.
 */
export const UNDELIVERABLE_SUFFIX = '0000';
/**
 * A number ending in these digits has its statuses kept back (held) until a test lets them go with POST test/release,
 * in order or reversed: statuses arriving out of order, as Meta's may.
 */
export const HELD_SUFFIX = '9999';
