/*
 * The built-in Razorpay sandbox's fixed credentials. TEST-ONLY: they are public (they are in
 * this file), so they protect nothing; the sandbox is enabled only when no real Razorpay keys
 * are configured, and no real money ever moves through it.
 */

/** Where the emulator answers, on the shop's own host. */
export const SANDBOX_PREFIX = '/sandbox/razorpay';
/** The checkout `key` (public key id) of the sandbox. */
export const SANDBOX_KEY_ID = 'rzp_test_kapaas_sandbox';
/** TEST-ONLY key secret: the sandbox signs checkout answers with it, as Razorpay does with yours. */
export const SANDBOX_KEY_SECRET = 'kapaas_sandbox_key_secret_TEST_ONLY_not_a_real_secret';
/** TEST-ONLY webhook secret: the sandbox signs the webhooks it sends to the shop with it. */
export const SANDBOX_WEBHOOK_SECRET = 'kapaas_sandbox_webhook_secret_TEST_ONLY_not_a_real_secret';
/** The account id in the sandbox's webhook bodies. */
export const SANDBOX_ACCOUNT_ID = 'acc_KapaasSandbox01';
/** The shop's webhook receiver (built by the checkout issue). */
export const WEBHOOK_PATH = '/api/razorpay_webhook';

export type CardOutcome =
  | { kind: 'captured' }
  | { kind: 'declined'; description: string; source: string; step: string; reason: string };

/** The test cards of product.md §14 (digits only). */
export const PAYING_CARDS = ['4111111111111111', '4100280000001007'] as const;
export const DECLINED_CARDS = ['4000000000000002', '4100280000060003'] as const;

/** What a card number (digits only, already checked to be 12–19 digits) does in the sandbox. */
export function cardOutcome(digits: string): CardOutcome {
  if ((PAYING_CARDS as readonly string[]).includes(digits)) return { kind: 'captured' };
  if ((DECLINED_CARDS as readonly string[]).includes(digits)) {
    return {
      kind: 'declined',
      description: 'Your payment was declined by your bank. Please try another card.',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
    };
  }
  return {
    kind: 'declined',
    description:
      'This card is not a sandbox test card, so the payment was declined. Use 4111 1111 1111 1111 to pay in the sandbox.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'card_not_supported',
  };
}

/** Razorpay's card networks, by the number's first digits (enough for the sandbox's test cards). */
export function cardNetwork(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(60|65|81|82|508)/.test(digits)) return 'RuPay';
  return 'Unknown';
}

/** Razorpay test mode's UPI ids: the one that pays and the one the payer's app declines. */
export const PAYING_VPA = 'success@razorpay';
export const DECLINED_VPA = 'failure@razorpay';

/** What a (well-formed) UPI id does in the sandbox, as in Razorpay's test mode. */
export function vpaOutcome(vpa: string): CardOutcome {
  if (vpa === PAYING_VPA) return { kind: 'captured' };
  if (vpa === DECLINED_VPA) {
    return {
      kind: 'declined',
      description: 'The payment was declined in the UPI app. Please try again or pay another way.',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_declined',
    };
  }
  return {
    kind: 'declined',
    description: `This UPI ID is not a sandbox test ID, so the payment was declined. Use ${PAYING_VPA} to pay in the sandbox.`,
    source: 'customer',
    step: 'payment_authentication',
    reason: 'invalid_vpa',
  };
}

/** The netbanking banks the dialog lists, by Razorpay's bank codes. */
export const SANDBOX_BANKS: Readonly<Record<string, string>> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB_R: 'Punjab National Bank',
};

/** The wallets the dialog lists, by Razorpay's wallet names. */
export const SANDBOX_WALLETS: Readonly<Record<string, string>> = {
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  amazonpay: 'Amazon Pay',
  mobikwik: 'MobiKwik',
  freecharge: 'Freecharge',
};

/** What the test bank's or wallet's page answers: Razorpay's test mode asks the payer to pick success or failure. */
export function pageOutcome(outcome: 'success' | 'failure', method: 'netbanking' | 'wallet'): CardOutcome {
  if (outcome === 'success') return { kind: 'captured' };
  return {
    kind: 'declined',
    description:
      method === 'netbanking'
        ? 'The payment failed at your bank. Please try again or pay another way.'
        : 'The payment failed at your wallet. Please try again or pay another way.',
    source: method === 'netbanking' ? 'bank' : 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
  };
}
