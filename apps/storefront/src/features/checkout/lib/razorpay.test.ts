import { afterEach, describe, expect, it } from 'vitest';
import { loadCheckoutScript, type RazorpayConstructor, shopTeal } from './razorpay';

const scripts = (url: string) => document.head.querySelectorAll(`script[src="${url}"]`);

describe('loadCheckoutScript', () => {
  afterEach(() => {
    delete window.Razorpay;
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('adds the script from the URL the server gave once, and resolves with window.Razorpay when it loads', async () => {
    const url = 'http://localhost/sandbox/razorpay/checkout.js';
    const first = loadCheckoutScript(url);
    const second = loadCheckoutScript(url);
    expect(scripts(url)).toHaveLength(1);

    const Razorpay = class {} as unknown as RazorpayConstructor;
    window.Razorpay = Razorpay;
    scripts(url)[0]?.dispatchEvent(new Event('load'));

    await expect(first).resolves.toBe(Razorpay);
    await expect(second).resolves.toBe(Razorpay);
  });

  it('forgets a failed load, so paying again tries again', async () => {
    const url = 'http://localhost/unreachable/checkout.js';
    const first = loadCheckoutScript(url);
    scripts(url)[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/Could not load/);

    void loadCheckoutScript(url).catch(() => {});
    expect(scripts(url)).toHaveLength(1);
  });
});

describe('shopTeal', () => {
  it("is the theme's teal, with the same colour when the stylesheet has not loaded", () => {
    expect(shopTeal()).toBe('#0f766e');
    document.documentElement.style.setProperty('--kp-teal', '#0b5e58');
    expect(shopTeal()).toBe('#0b5e58');
    document.documentElement.style.removeProperty('--kp-teal');
  });
});
