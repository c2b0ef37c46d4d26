/** The dialog's styles: built into a stylesheet by the script, and served beside it as checkout.css. */
export const CHECKOUT_STYLES = `.kapaas-rzp-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.kapaas-rzp-dialog{background:#fff;color:#1a1a1a;border-radius:10px;width:min(92vw,380px);max-height:92vh;overflow:auto;box-shadow:0 12px 40px rgba(0,0,0,.35);padding:20px 22px}
.kapaas-rzp-dialog h2{font-size:1.1rem;margin:0 0 4px}
.kapaas-rzp-dialog p{margin:0 0 10px;font-size:.9rem;color:#444}
.kapaas-rzp-amount{font-size:1.35rem;font-weight:700;color:#1a1a1a!important}
.kapaas-rzp-field{display:flex;flex-direction:column;margin:10px 0;font-size:.9rem;min-width:0}
.kapaas-rzp-field input{box-sizing:border-box;width:100%;font-size:1rem;padding:9px 10px;border:1px solid #767676;border-radius:6px;margin-top:4px}
.kapaas-rzp-field input[aria-invalid=true]{border-color:#b00020}
.kapaas-rzp-row{display:flex;gap:12px}.kapaas-rzp-row>*{flex:1}
.kapaas-rzp-error{color:#b00020;font-size:.9rem;min-height:1.2em;margin:6px 0}
.kapaas-rzp-pay{width:100%;font-size:1rem;font-weight:600;padding:11px;border:0;border-radius:6px;cursor:pointer;margin-top:6px}
.kapaas-rzp-pay[disabled]{opacity:.7;cursor:progress}
.kapaas-rzp-close{float:right;background:none;border:0;font-size:1.4rem;line-height:1;cursor:pointer;color:#333;padding:2px 6px}
.kapaas-rzp-dialog :focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.kapaas-rzp-hint{font-size:.8rem!important;color:#555!important;margin-top:12px!important}
`;

/**
 * The sandbox's checkout.js: a stand-in for https://checkout.razorpay.com/v1/checkout.js with the
 * same surface the storefront uses — `new Razorpay(options)` (or without `new`), `.open()`,
 * `.close()`, `.on('payment.failed', fn)`, and the options key, amount, currency, name,
 * description, order_id, handler, prefill, notes, theme.color, modal.ondismiss, modal.escape.
 *
 * It opens an accessible card dialog (role=dialog, aria-modal, focus kept inside, Escape
 * dismisses), posts the card to the sandbox, and calls `handler({ razorpay_payment_id,
 * razorpay_order_id, razorpay_signature })` on success; on a decline it shows the message, keeps
 * the dialog open for another try and fires 'payment.failed' with `{ error: {...} }` as Razorpay does.
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/checkout\.js(\?.*)?$/, '') : '/sandbox/razorpay/';
  var PAY_URL = base + 'checkout/pay';
  var STYLE_ID = 'kapaas-rzp-style';
  var styled = false;
  var counter = 0;

  function formatAmount(paise, currency) {
    var value = Number(paise) / 100;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(value);
    } catch (e) {
      return '\u20b9' + value.toFixed(2);
    }
  }

  function readableOn(hex) {
    var m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(hex || ''));
    if (!m) return '#ffffff';
    var h = m[1].length === 3 ? m[1].replace(/(.)/g, '$1$1') : m[1];
    var rgb = [0, 2, 4].map(function (i) {
      var c = parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    var luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    return luminance > 0.179 ? '#111111' : '#ffffff';
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      // Through the CSSOM, which the page's Content-Security-Policy allows (a style attribute it refuses).
      else if (name === 'style') node.style.cssText = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  // The dialog's styles go in through the CSSOM (a constructed stylesheet, and cssText for its theme colour), not
  // a <style> element or style attributes: the shop's pages allow no inline style. Without constructed
  // stylesheets, the browser gets the same rules as checkout.css.
  var STYLES = ${JSON.stringify(CHECKOUT_STYLES)};
  function addStyle() {
    if (document.getElementById(STYLE_ID) || styled) return;
    styled = true;
    if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in document && 'replaceSync' in CSSStyleSheet.prototype) {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      return;
    }
    document.head.appendChild(el('link', { id: STYLE_ID, rel: 'stylesheet', href: base + 'checkout.css' }));
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    options = options || {};
    if (!options.key) throw new Error('Razorpay: the "key" option is required');
    if (!options.order_id) throw new Error('Razorpay: the "order_id" option is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (fn) {
      try { fn(payload); } catch (e) { setTimeout(function () { throw e; }); }
    });
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKeydown, true);
    this.root.parentNode && this.root.parentNode.removeChild(this.root);
    this.root = null;
    if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    if (!this.root || this.busy) return;
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    var self = this;
    var o = this.options;
    var color = (o.theme && o.theme.color) || '#3399cc';
    var amountText = formatAmount(o.amount, o.currency);
    var id = 'kapaas-rzp-' + ++counter;
    addStyle();
    this.previousFocus = document.activeElement;

    function field(name, label, attrs) {
      var input = el('input', Object.assign({ id: id + '-' + name, name: name, type: 'text', required: 'required',
        'aria-describedby': id + '-error' }, attrs));
      return { input: input, wrap: el('div', { class: 'kapaas-rzp-field' }, [
        el('label', { for: id + '-' + name, text: label }), input]) };
    }
    var card = field('card', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23' });
    var expiry = field('expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '7', placeholder: 'MM/YY' });
    var cvv = field('cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4', type: 'password' });
    var error = el('p', { id: id + '-error', class: 'kapaas-rzp-error', role: 'alert', 'aria-live': 'assertive' });
    var payLabel = 'Pay ' + amountText;
    var pay = el('button', { type: 'submit', class: 'kapaas-rzp-pay', text: payLabel,
      style: 'background:' + color + ';color:' + readableOn(color) });
    var closeButton = el('button', { type: 'button', class: 'kapaas-rzp-close', 'aria-label': 'Close payment dialog', text: '\u00d7' });
    var form = el('form', { novalidate: 'novalidate' }, [
      card.wrap,
      el('div', { class: 'kapaas-rzp-row' }, [expiry.wrap, cvv.wrap]),
      error,
      pay,
    ]);
    var dialog = el('div', { class: 'kapaas-rzp-dialog', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc',
      style: 'border-top:6px solid ' + color }, [
      closeButton,
      el('h2', { id: id + '-title', text: o.name || 'Payment' }),
      el('p', { id: id + '-desc', text: o.description || 'Card payment' }),
      el('p', { class: 'kapaas-rzp-amount', text: amountText }),
      form,
      el('p', { class: 'kapaas-rzp-hint', text: 'Sandbox: no real money moves. Test card 4111 1111 1111 1111, any future expiry, any CVV.' }),
    ]);
    var backdrop = el('div', { class: 'kapaas-rzp-backdrop' }, [dialog]);
    this.root = backdrop;

    function showError(message, input) {
      error.textContent = message;
      [card.input, expiry.input, cvv.input].forEach(function (i) { i.removeAttribute('aria-invalid'); });
      if (input) { input.setAttribute('aria-invalid', 'true'); input.focus(); }
    }

    function validate() {
      var digits = card.input.value.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits)) return showError('Enter a valid card number.', card.input), false;
      var m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry.input.value);
      var now = new Date();
      var month = m ? Number(m[1]) : 0;
      var year = m ? Number(m[2]) + (m[2].length === 2 ? 2000 : 0) : 0;
      if (!m || month < 1 || month > 12 || year * 12 + month - 1 < now.getFullYear() * 12 + now.getMonth()) {
        return showError('Enter a valid expiry date as MM/YY.', expiry.input), false;
      }
      if (!/^\d{3,4}$/.test(cvv.input.value.trim())) return showError('Enter the 3 or 4 digit CVV.', cvv.input), false;
      return true;
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (self.busy || !validate()) return;
      showError('');
      self.busy = true;
      pay.disabled = true;
      pay.textContent = 'Processing\u2026';
      var prefill = o.prefill || {};
      var body = { key: o.key, order_id: o.order_id, card_number: card.input.value, expiry: expiry.input.value,
        cvv: cvv.input.value };
      if (prefill.email) body.email = String(prefill.email);
      if (prefill.contact) body.contact = String(prefill.contact);
      fetch(PAY_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
        credentials: 'same-origin' })
        .then(function (response) {
          return response.json().then(function (json) { return { ok: response.ok, json: json }; });
        })
        .then(function (result) {
          self.busy = false;
          pay.disabled = false;
          pay.textContent = payLabel;
          if (result.ok && result.json && result.json.razorpay_payment_id) {
            self.close();
            if (typeof o.handler === 'function') o.handler(result.json);
            return;
          }
          var err = (result.json && result.json.error) || { code: 'SERVER_ERROR', description: 'The payment could not be completed.' };
          showError(err.description || 'The payment could not be completed.');
          if (err.metadata && err.metadata.payment_id) self.emit('payment.failed', { error: err });
        })
        .catch(function () {
          self.busy = false;
          pay.disabled = false;
          pay.textContent = payLabel;
          showError('Could not reach the payment service. Check your connection and try again.');
        });
    });

    closeButton.addEventListener('click', function () { self.dismiss(); });
    backdrop.addEventListener('mousedown', function (event) { if (event.target === backdrop) self.dismiss(); });

    this.onKeydown = function (event) {
      if (!self.root) return;
      if (event.key === 'Escape') {
        if ((o.modal || {}).escape === false) return;
        event.preventDefault();
        self.dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      var focusable = Array.prototype.filter.call(
        dialog.querySelectorAll('button, input, [href], [tabindex]:not([tabindex="-1"])'),
        function (node) { return !node.disabled; });
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      var active = document.activeElement;
      if (!dialog.contains(active)) { event.preventDefault(); first.focus(); }
      else if (event.shiftKey && active === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && active === last) { event.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this.onKeydown, true);
    document.body.appendChild(backdrop);
    card.input.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
