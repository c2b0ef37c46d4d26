import type { CheckoutHandlerResponse } from '@kapaas/contract';

/** The options of Razorpay's checkout.js that the shop uses; the built-in sandbox takes the same. */
export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description?: string;
  /** The provider's order id (razorpay_order_id). */
  order_id: string;
  handler: (response: CheckoutHandlerResponse) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  modal?: { ondismiss?: () => void };
}

/** What 'payment.failed' hands its listener. */
export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads checkout.js from the URL the server names (the sandbox unless real keys are configured), once per page:
 * later payments reuse it. A failed load is forgotten, so trying again loads it again. The Razorpay the page has now
 * is always the one answered, never one remembered from an earlier load (the page's, or another test file's in the
 * same worker: the component tests share modules, `isolate: false` in packages/web-kit/vite.ts).
 */
export function loadCheckoutScript(url: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js did not define Razorpay'));
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.append(script);
  });
  loading.set(url, promise);
  promise.catch(() => loading.delete(url));
  return promise;
}

/** The shop's teal (--kp-teal of theme.css), so the payment dialog wears the shop's colour (product.md §9). */
export function shopTeal(): string {
  const teal = getComputedStyle(document.documentElement).getPropertyValue('--kp-teal').trim();
  return teal || '#0f766e';
}
