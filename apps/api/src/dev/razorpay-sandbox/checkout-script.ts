import { SANDBOX_BANKS, SANDBOX_WALLETS } from './sandbox.constants';

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
.kapaas-rzp-tabs{display:flex;gap:4px;margin:8px 0;flex-wrap:wrap}
.kapaas-rzp-tab{flex:1;font-size:.9rem;padding:8px 6px;border:1px solid #767676;border-radius:6px;background:#fff;color:#1a1a1a;cursor:pointer}
.kapaas-rzp-tab[aria-selected=true]{border-width:2px;font-weight:700;background:#eef3f8}
.kapaas-rzp-field select{box-sizing:border-box;width:100%;font-size:1rem;padding:9px 10px;border:1px solid #767676;border-radius:6px;margin-top:4px;background:#fff}
.kapaas-rzp-secondary{background:#fff;color:#1a1a1a;border:1px solid #767676}
.kapaas-rzp-qr{display:flex;justify-content:center;margin:8px 0}.kapaas-rzp-qr svg{width:200px;height:200px}
.kapaas-rzp-wait a{color:#0b57d0}
.kapaas-rzp-hint{font-size:.8rem!important;color:#555!important;margin-top:12px!important}
`;

/**
 * The sandbox's checkout.js: a stand-in for https://checkout.razorpay.com/v1/checkout.js with the
 * same surface the storefront uses — `new Razorpay(options)` (or without `new`), `.open()`,
 * `.close()`, `.on('payment.failed', fn)`, and the options key, amount, currency, name,
 * description, order_id, handler, prefill, notes, theme.color, modal.ondismiss, modal.escape.
 *
 * It opens an accessible dialog (role=dialog, aria-modal, focus kept inside, Escape dismisses)
 * with Razorpay's methods as tabs: UPI (a QR code, a "Pay with a UPI app" button, a UPI ID field),
 * card (open unless `prefill.method` names another), netbanking and wallets (a list, then the
 * test page's Success or Failure). It posts the payment to the sandbox and calls `handler({
 * razorpay_payment_id, razorpay_order_id, razorpay_signature })` on success; on a decline it shows
 * the message, keeps the dialog open for another try and fires 'payment.failed' with `{ error }`
 * as Razorpay does. QR and app payments have no redirect: the dialog polls the sandbox until the
 * payment is approved or declined (on the sandbox UPI app page, or by the test route).
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/checkout\.js(\?.*)?$/, '') : '/sandbox/razorpay/';
  var PAY_URL = base + 'checkout/pay';
  var UPI_URL = base + 'checkout/upi';
  var POLL_MS = 1000;
  // UPI first, as Indian shoppers mostly pay; then cards, netbanking and wallets, as Razorpay's checkout lists them.
  var METHODS = [
    { method: 'upi', label: 'UPI' },
    { method: 'card', label: 'Card' },
    { method: 'netbanking', label: 'Netbanking' },
    { method: 'wallet', label: 'Wallet' }
  ];
  var BANKS = ${JSON.stringify(SANDBOX_BANKS)};
  var WALLETS = ${JSON.stringify(SANDBOX_WALLETS)};
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
    this.stopWaiting();
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.stopWaiting = function () {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.waitingFor = null;
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    var self = this;
    var o = this.options;
    var color = (o.theme && o.theme.color) || '#3399cc';
    var amountText = formatAmount(o.amount, o.currency);
    var id = 'kapaas-rzp-' + ++counter;
    var prefill = o.prefill || {};
    addStyle();
    this.previousFocus = document.activeElement;

    function field(name, label, attrs) {
      var input = el('input', Object.assign({ id: id + '-' + name, name: name, type: 'text', required: 'required',
        'aria-describedby': id + '-error' }, attrs));
      return { input: input, wrap: el('div', { class: 'kapaas-rzp-field' }, [
        el('label', { for: id + '-' + name, text: label }), input]) };
    }
    function choice(name, label, options) {
      var select = el('select', { id: id + '-' + name, name: name, 'aria-describedby': id + '-error' },
        Object.keys(options).map(function (code) { return el('option', { value: code, text: options[code] }); }));
      return { input: select, wrap: el('div', { class: 'kapaas-rzp-field' }, [
        el('label', { for: id + '-' + name, text: label }), select]) };
    }
    function button(text, type, primary) {
      return el('button', { type: type || 'button', class: primary ? 'kapaas-rzp-pay' : 'kapaas-rzp-pay kapaas-rzp-secondary',
        text: text, style: primary ? 'background:' + color + ';color:' + readableOn(color) : '' });
    }

    var error = el('p', { id: id + '-error', class: 'kapaas-rzp-error', role: 'alert', 'aria-live': 'assertive' });
    var hint = el('p', { class: 'kapaas-rzp-hint' });
    var panel = el('div', { id: id + '-panel', role: 'tabpanel' });
    var closeButton = el('button', { type: 'button', class: 'kapaas-rzp-close', 'aria-label': 'Close payment dialog', text: '\u00d7' });
    var tabs = METHODS.map(function (m) {
      return el('button', { type: 'button', role: 'tab', id: id + '-tab-' + m.method, 'aria-controls': id + '-panel',
        class: 'kapaas-rzp-tab', text: m.label });
    });
    var tablist = el('div', { role: 'tablist', 'aria-label': 'Payment method', class: 'kapaas-rzp-tabs' }, tabs);
    var dialog = el('div', { class: 'kapaas-rzp-dialog', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc',
      style: 'border-top:6px solid ' + color }, [
      closeButton,
      el('h2', { id: id + '-title', text: o.name || 'Payment' }),
      el('p', { id: id + '-desc', text: o.description || 'Payment' }),
      el('p', { class: 'kapaas-rzp-amount', text: amountText }),
      tablist,
      panel,
      error,
      hint,
    ]);
    var backdrop = el('div', { class: 'kapaas-rzp-backdrop' }, [dialog]);
    this.root = backdrop;
    var inputs = [];

    function showError(message, input) {
      error.textContent = message;
      inputs.forEach(function (i) { i.removeAttribute('aria-invalid'); });
      if (input) { input.setAttribute('aria-invalid', 'true'); input.focus(); }
    }

    function succeed(answer) {
      self.stopWaiting();
      self.close();
      if (typeof o.handler === 'function') o.handler(answer);
    }

    function fail(json) {
      var err = (json && json.error) || { code: 'SERVER_ERROR', description: 'The payment could not be completed.' };
      showError(err.description || 'The payment could not be completed.');
      if (err.metadata && err.metadata.payment_id) self.emit('payment.failed', { error: err });
    }

    function post(url, body) {
      if (prefill.email) body.email = String(prefill.email);
      if (prefill.contact) body.contact = String(prefill.contact);
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
        credentials: 'same-origin' })
        .then(function (response) {
          return response.json().then(function (json) { return { ok: response.ok, json: json }; });
        });
    }

    // Posts a payment (the method's fields) to the sandbox; the handler on success, the message on a decline.
    function pay(fields, busyButton) {
      if (self.busy) return;
      showError('');
      self.busy = true;
      var label = busyButton.textContent;
      busyButton.disabled = true;
      busyButton.textContent = 'Processing\u2026';
      var body = Object.assign({ key: o.key, order_id: o.order_id }, fields);
      post(PAY_URL, body)
        .then(function (result) {
          self.busy = false;
          busyButton.disabled = false;
          busyButton.textContent = label;
          if (result.ok && result.json && result.json.razorpay_payment_id) return succeed(result.json);
          fail(result.json);
        })
        .catch(function () {
          self.busy = false;
          busyButton.disabled = false;
          busyButton.textContent = label;
          showError('Could not reach the payment service. Check your connection and try again.');
        });
    }

    // QR and app payments have no redirect: the dialog asks the sandbox about the payment until it is settled.
    function poll(paymentId) {
      if (self.waitingFor !== paymentId || !self.root) return;
      fetch(base + 'checkout/payments/' + encodeURIComponent(paymentId), { credentials: 'same-origin' })
        .then(function (response) { return response.json(); })
        .then(function (json) {
          if (self.waitingFor !== paymentId) return;
          if (json && json.razorpay_payment_id) return succeed(json);
          if (json && json.error) { self.stopWaiting(); return fail(json); }
          self.pollTimer = setTimeout(function () { poll(paymentId); }, POLL_MS);
        })
        .catch(function () { self.pollTimer = setTimeout(function () { poll(paymentId); }, POLL_MS); });
    }

    function waitForApp(flow, area, startButton) {
      showError('');
      startButton.disabled = true;
      post(UPI_URL, { key: o.key, order_id: o.order_id, flow: flow })
        .then(function (result) {
          startButton.disabled = false;
          if (!result.ok || !result.json.payment_id) return fail(result.json);
          var answer = result.json;
          var children = [];
          if (flow === 'qr') {
            var svg = new DOMParser().parseFromString(answer.qr_svg, 'image/svg+xml').documentElement;
            svg.setAttribute('role', 'img');
            svg.setAttribute('aria-label', 'UPI QR code to scan with a UPI app');
            children.push(el('div', { class: 'kapaas-rzp-qr' }, [document.importNode(svg, true)]));
          }
          children.push(el('p', { role: 'status', text: flow === 'qr'
            ? 'Scan the QR code with any UPI app and approve the payment. This window updates by itself.'
            : 'Approve the payment in your UPI app. This window updates by itself.' }));
          children.push(el('a', { href: answer.app_url, target: '_blank', rel: 'noopener',
            text: 'Open the sandbox UPI app to approve or decline' }));
          area.replaceChildren.apply(area, children);
          if (flow === 'intent' && typeof window.open === 'function') window.open(answer.app_url, '_blank', 'noopener');
          self.stopWaiting();
          self.waitingFor = answer.payment_id;
          self.pollTimer = setTimeout(function () { poll(answer.payment_id); }, POLL_MS);
        })
        .catch(function () {
          startButton.disabled = false;
          showError('Could not reach the payment service. Check your connection and try again.');
        });
    }

    var panels = {
      card: function () {
        var card = field('card', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23' });
        var expiry = field('expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '7', placeholder: 'MM/YY' });
        var cvv = field('cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4', type: 'password' });
        var submit = button('Pay ' + amountText, 'submit', true);
        inputs = [card.input, expiry.input, cvv.input];
        var form = el('form', { novalidate: 'novalidate' }, [card.wrap, el('div', { class: 'kapaas-rzp-row' }, [expiry.wrap, cvv.wrap]), submit]);
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          var digits = card.input.value.replace(/[\s-]/g, '');
          if (!/^\d{12,19}$/.test(digits)) return showError('Enter a valid card number.', card.input);
          var m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry.input.value);
          var now = new Date();
          var month = m ? Number(m[1]) : 0;
          var year = m ? Number(m[2]) + (m[2].length === 2 ? 2000 : 0) : 0;
          if (!m || month < 1 || month > 12 || year * 12 + month - 1 < now.getFullYear() * 12 + now.getMonth()) {
            return showError('Enter a valid expiry date as MM/YY.', expiry.input);
          }
          if (!/^\d{3,4}$/.test(cvv.input.value.trim())) return showError('Enter the 3 or 4 digit CVV.', cvv.input);
          pay({ method: 'card', card_number: card.input.value, expiry: expiry.input.value, cvv: cvv.input.value }, submit);
        });
        hint.textContent = 'Sandbox: no real money moves. Test card 4111 1111 1111 1111, any future expiry, any CVV.';
        return { nodes: [form], focus: card.input };
      },
      upi: function () {
        var area = el('div', { class: 'kapaas-rzp-wait' });
        var qr = button('Show QR code', 'button', false);
        var app = button('Pay with a UPI app', 'button', false);
        qr.addEventListener('click', function () { waitForApp('qr', area, qr); });
        app.addEventListener('click', function () { waitForApp('intent', area, app); });
        var vpa = field('vpa', 'UPI ID', { autocomplete: 'off', maxlength: '256', placeholder: 'name@bank', inputmode: 'email' });
        var submit = button('Pay ' + amountText, 'submit', true);
        inputs = [vpa.input];
        var form = el('form', { novalidate: 'novalidate' }, [vpa.wrap, submit]);
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          var value = vpa.input.value.trim();
          if (!/^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/.test(value)) return showError('Enter a valid UPI ID, such as name@bank.', vpa.input);
          self.stopWaiting();
          pay({ method: 'upi', vpa: value }, submit);
        });
        hint.textContent = 'Sandbox: no real money moves. UPI ID success@razorpay pays and failure@razorpay is declined; a QR or app payment is approved on the sandbox UPI app page.';
        return { nodes: [qr, app, area, form], focus: qr };
      },
      netbanking: function () { return pagePanel('netbanking', 'bank', 'Bank', BANKS); },
      wallet: function () { return pagePanel('wallet', 'wallet', 'Wallet', WALLETS); }
    };

    // Netbanking and wallets: pick one, then the bank's or wallet's test page asks for success or failure.
    function pagePanel(method, name, label, options) {
      var pick = choice(name, label, options);
      var submit = button('Pay ' + amountText, 'submit', true);
      inputs = [pick.input];
      var form = el('form', { novalidate: 'novalidate' }, [pick.wrap, submit]);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        showError('');
        var code = pick.input.value;
        var success = button('Success', 'button', true);
        var failure = button('Failure', 'button', false);
        var fields = { method: method };
        fields[name] = code;
        success.addEventListener('click', function () { pay(Object.assign({ outcome: 'success' }, fields), success); });
        failure.addEventListener('click', function () { pay(Object.assign({ outcome: 'failure' }, fields), failure); });
        var back = button('Back', 'button', false);
        back.addEventListener('click', function () { select(method); });
        panel.replaceChildren(
          el('h3', { text: options[code] + ' (sandbox test page)' }),
          el('p', { text: 'Choose how this test payment ends.' }),
          success, failure, back);
        success.focus();
      });
      hint.textContent = 'Sandbox: no real money moves. The test page lets you choose success or failure.';
      return { nodes: [form], focus: pick.input };
    }

    function select(method) {
      if (self.busy) return;
      self.stopWaiting();
      showError('');
      tabs.forEach(function (tab, i) {
        var on = METHODS[i].method === method;
        tab.setAttribute('aria-selected', on ? 'true' : 'false');
        tab.setAttribute('tabindex', on ? '0' : '-1');
        if (on) panel.setAttribute('aria-labelledby', tab.id);
      });
      var built = panels[method]();
      panel.replaceChildren.apply(panel, built.nodes);
      if (self.root && built.focus) built.focus.focus();
      return built;
    }

    tabs.forEach(function (tab, i) {
      tab.addEventListener('click', function () { select(METHODS[i].method); });
      tab.addEventListener('keydown', function (event) {
        if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
        event.preventDefault();
        var next = (i + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
        tabs[next].focus();
        select(METHODS[next].method);
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
        dialog.querySelectorAll('button, input, select, [href], [tabindex]:not([tabindex="-1"])'),
        function (node) { return !node.disabled && node.getAttribute('tabindex') !== '-1'; });
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      var active = document.activeElement;
      if (!dialog.contains(active)) { event.preventDefault(); first.focus(); }
      else if (event.shiftKey && active === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && active === last) { event.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this.onKeydown, true);
    // Razorpay's prefill.method opens a method; without it, the card form opens, as the sandbox always did.
    var first = METHODS.some(function (m) { return m.method === prefill.method; }) ? prefill.method : 'card';
    var opened = select(first);
    document.body.appendChild(backdrop);
    if (opened.focus) opened.focus.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
