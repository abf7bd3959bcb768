/**
 * Source of the sandbox's `checkout.js`: a dependency-free ES2019 stand-in for Razorpay Checkout
 * (https://checkout.razorpay.com/v1/checkout.js). It defines `window.Razorpay` with the real widget's
 * surface: `new Razorpay(options)`, `rzp.open()`, `rzp.close()`, `rzp.on('payment.failed', cb)`;
 * options `key, amount (paise), currency, order_id, name, description, image, prefill {name, email,
 * contact}, notes, theme {color}, handler(response), modal {ondismiss}`.
 *
 * `open()` shows an accessible modal (role="dialog", aria-modal, labelled, focus moved in and kept
 * in, Escape / Cancel / backdrop = dismiss). Pay posts `{key, order_id, method, email, contact, notes}` to
 * the sandbox's own `/checkout/pay` (base taken from the script's URL) and hands
 * `{razorpay_payment_id, razorpay_order_id, razorpay_signature}` to `options.handler`. A failed pay
 * shows the error in the modal and fires 'payment.failed' with `{error: {code, description, source,
 * step, reason, metadata: {order_id}}}`.
 *
 * Styles are set through `element.style` (CSSOM), never through `style` attributes or `<style>`,
 * so a Content-Security-Policy without 'unsafe-inline' styles does not break the modal.
 *
 * Kept as a string (not a file read at start) so the server still works when bundled by esbuild.
 * The source avoids backticks and dollar-brace so it can live in this raw template literal.
 */
export const CHECKOUT_WIDGET_JS = String.raw`/* Razorpay Sandbox checkout.js: test mode, no money moves. */
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof document === 'undefined') return;

  var script = document.currentScript;
  if (!script || !script.src) {
    var candidates = document.querySelectorAll('script[src*="checkout.js"]');
    script = candidates.length ? candidates[candidates.length - 1] : null;
  }
  var BASE = script && script.src ? script.src.replace(/\/checkout\.js(?:[?#].*)?$/, '') : '';
  var METHODS = [['upi', 'UPI'], ['card', 'Card'], ['netbanking', 'Netbanking'], ['wallet', 'Wallet']];
  var DEFAULT_THEME = '#3399cc';
  var inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  var counter = 0;

  function el(tag, styles, attrs, text) {
    var node = document.createElement(tag);
    if (styles) Object.assign(node.style, styles);
    if (attrs) Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /* Dark or light text, whichever reads better on a hex theme colour. */
  function textOn(color) {
    var m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(color || ''));
    if (!m) return '#ffffff';
    var hex = m[1].length === 3 ? m[1].replace(/./g, '$&$&') : m[1];
    var r = parseInt(hex.slice(0, 2), 16);
    var g = parseInt(hex.slice(2, 4), 16);
    var b = parseInt(hex.slice(4, 6), 16);
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.62 ? '#111827' : '#ffffff';
  }

  function formatAmount(paise) {
    var n = Number(paise);
    return paise === undefined || paise === null || paise === '' || !isFinite(n) ? '' : inr.format(n / 100);
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required');
    this.options = options;
    this._listeners = {};
    this._modal = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback === 'function') (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).slice().forEach(function (callback) {
      try { callback(payload); } catch (e) { setTimeout(function () { throw e; }, 0); }
    });
  };

  Razorpay.prototype.close = function () {
    if (this._modal) this._modal.destroy();
    return this;
  };

  Razorpay.prototype.open = function () {
    if (!this._modal) this._modal = buildModal(this);
    return this;
  };

  function buildModal(rzp) {
    var o = rzp.options;
    var prefill = o.prefill || {};
    var theme = (o.theme && o.theme.color) || DEFAULT_THEME;
    var ink = textOn(theme);
    var id = 'rzp-sandbox-' + (++counter);
    var amountText = formatAmount(o.amount);
    var previousFocus = document.activeElement;
    var previousOverflow = document.body.style.overflow;
    var busy = false;
    var pressedOnBackdrop = false;

    var overlay = el('div', {
      position: 'fixed', top: '0', right: '0', bottom: '0', left: '0', zIndex: '2147483000',
      display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '16px',
      background: 'rgba(17, 24, 39, 0.6)', boxSizing: 'border-box',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', lineHeight: '1.4'
    }, { 'data-razorpay-sandbox': '' });

    var dialogAttrs = { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', tabindex: '-1' };
    if (o.description) dialogAttrs['aria-describedby'] = id + '-desc';
    var dialog = el('div', {
      background: '#ffffff', color: '#111827', width: '100%', maxWidth: '380px', maxHeight: '100%',
      overflowY: 'auto', borderRadius: '12px', boxShadow: '0 20px 50px rgba(0, 0, 0, 0.35)', outline: 'none',
      boxSizing: 'border-box'
    }, dialogAttrs);

    var header = el('div', { background: theme, color: ink, padding: '16px 20px', borderRadius: '12px 12px 0 0' });
    if (o.image) {
      header.appendChild(el('img', {
        width: '40px', height: '40px', borderRadius: '8px', objectFit: 'cover', background: '#ffffff',
        display: 'block', marginBottom: '8px'
      }, { src: String(o.image), alt: '' }));
    }
    header.appendChild(el('h2', { margin: '0', fontSize: '18px', fontWeight: '600', color: ink }, { id: id + '-title' }, o.name || 'Checkout'));
    if (o.description) {
      header.appendChild(el('p', { margin: '4px 0 0', fontSize: '14px', color: ink }, { id: id + '-desc' }, o.description));
    }
    dialog.appendChild(header);

    var body = el('div', { padding: '16px 20px 20px' });
    body.appendChild(el('p', {
      margin: '0 0 12px', padding: '8px 10px', background: '#fef3c7', color: '#92400e',
      borderRadius: '6px', fontSize: '13px'
    }, null, 'Razorpay Sandbox \u2014 test mode, no money moves'));

    if (amountText) {
      body.appendChild(el('p', { margin: '0', fontSize: '13px', color: '#4b5563' }, null, 'Amount'));
      body.appendChild(el('p', { margin: '0 0 12px', fontSize: '24px', fontWeight: '700' }, null, amountText));
    }
    if (prefill.email) body.appendChild(el('p', { margin: '0 0 4px', fontSize: '14px', color: '#374151' }, null, prefill.email));
    if (prefill.contact) body.appendChild(el('p', { margin: '0 0 4px', fontSize: '14px', color: '#374151' }, null, prefill.contact));

    var fieldset = el('fieldset', { border: '1px solid #e5e7eb', borderRadius: '8px', margin: '12px 0', padding: '6px 12px 8px' });
    fieldset.appendChild(el('legend', { padding: '0 4px', fontSize: '13px', color: '#4b5563' }, null, 'Payment method'));
    METHODS.forEach(function (method, index) {
      var label = el('label', { display: 'flex', alignItems: 'center', gap: '8px', padding: '6px 0', fontSize: '14px', cursor: 'pointer' });
      var input = el('input', { margin: '0', accentColor: theme }, { type: 'radio', name: id + '-method', value: method[0] });
      if (index === 0) input.checked = true;
      label.appendChild(input);
      label.appendChild(document.createTextNode(method[1]));
      fieldset.appendChild(label);
    });
    body.appendChild(fieldset);

    var status = el('p', { margin: '0 0 8px', fontSize: '13px', color: '#4b5563' }, { role: 'status', 'aria-live': 'polite' });
    var errorBox = el('p', {
      display: 'none', margin: '0 0 12px', padding: '8px 10px', background: '#fee2e2', color: '#991b1b',
      borderRadius: '6px', fontSize: '13px'
    }, { role: 'alert' });
    var payButton = el('button', {
      display: 'block', width: '100%', padding: '12px', border: '0', borderRadius: '8px', background: theme,
      color: ink, fontSize: '16px', fontWeight: '600', cursor: 'pointer'
    }, { type: 'button' }, amountText ? 'Pay ' + amountText : 'Pay');
    var cancelButton = el('button', {
      display: 'block', width: '100%', marginTop: '8px', padding: '10px', border: '1px solid #d1d5db',
      borderRadius: '8px', background: '#ffffff', color: '#374151', fontSize: '14px', cursor: 'pointer'
    }, { type: 'button' }, 'Cancel');
    body.appendChild(status);
    body.appendChild(errorBox);
    body.appendChild(payButton);
    body.appendChild(cancelButton);
    dialog.appendChild(body);
    overlay.appendChild(dialog);

    function setBusy(value) {
      busy = value;
      payButton.disabled = value;
      cancelButton.disabled = value;
      payButton.style.opacity = value ? '0.7' : '1';
      payButton.style.cursor = value ? 'progress' : 'pointer';
      dialog.setAttribute('aria-busy', value ? 'true' : 'false');
      status.textContent = value ? 'Processing payment\u2026' : '';
    }

    function showError(message) {
      errorBox.textContent = message;
      errorBox.style.display = message ? 'block' : 'none';
    }

    function focusables() {
      return Array.prototype.filter.call(
        dialog.querySelectorAll('button, input, a[href], [tabindex]:not([tabindex="-1"])'),
        function (node) { return !node.disabled; }
      );
    }

    function onKeyDown(event) {
      if (event.key === 'Escape' || event.key === 'Esc') {
        event.preventDefault();
        event.stopPropagation();
        dismiss();
      } else if (event.key === 'Tab') {
        var nodes = focusables();
        if (!nodes.length) { event.preventDefault(); return; }
        var active = document.activeElement;
        var first = nodes[0];
        var last = nodes[nodes.length - 1];
        var atStart = active === first || active === dialog || (active && active.name === id + '-method');
        if (event.shiftKey && atStart) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && (active === last || !dialog.contains(active))) { event.preventDefault(); first.focus(); }
      }
    }

    function destroy() {
      document.removeEventListener('keydown', onKeyDown, true);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      document.body.style.overflow = previousOverflow;
      rzp._modal = null;
      if (previousFocus && typeof previousFocus.focus === 'function' && document.contains(previousFocus)) {
        try { previousFocus.focus(); } catch (e) { /* ignore */ }
      }
    }

    function dismiss() {
      if (busy) return;
      destroy();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }

    function failure(code, description, reason) {
      return { code: code, description: description, reason: reason };
    }

    function pay() {
      if (busy) return;
      showError('');
      setBusy(true);
      var checked = dialog.querySelector('input[name="' + id + '-method"]:checked');
      var payload = { key: o.key, order_id: o.order_id, method: checked ? checked.value : 'upi' };
      if (prefill.email) payload.email = String(prefill.email);
      if (prefill.contact) payload.contact = String(prefill.contact);
      if (o.notes && typeof o.notes === 'object') payload.notes = o.notes;
      fetch(BASE + '/checkout/pay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        credentials: 'omit'
      }).then(function (res) {
        return res.text().then(function (text) {
          var data = null;
          try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
          if (!res.ok || !data || !data.razorpay_payment_id) {
            var err = (data && data.error) || {};
            throw failure(err.code || (res.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR'),
              err.description || 'Payment failed (HTTP ' + res.status + ')', err.reason || 'payment_failed');
          }
          return data;
        });
      }, function () {
        throw failure('GATEWAY_ERROR', 'Could not reach the payment server. Check your connection and try again.', 'network_error');
      }).then(function (data) {
        busy = false;
        destroy();
        if (typeof o.handler === 'function') {
          o.handler({
            razorpay_payment_id: data.razorpay_payment_id,
            razorpay_order_id: data.razorpay_order_id,
            razorpay_signature: data.razorpay_signature
          });
        }
      }, function (problem) {
        var f = problem && problem.description ? problem : failure('SERVER_ERROR', 'Payment failed', 'payment_failed');
        setBusy(false);
        showError(f.description);
        rzp._emit('payment.failed', {
          error: {
            code: f.code, description: f.description, source: 'customer', step: 'payment_authorization',
            reason: f.reason, metadata: { order_id: o.order_id }
          }
        });
      });
    }

    payButton.addEventListener('click', pay);
    cancelButton.addEventListener('click', dismiss);
    overlay.addEventListener('mousedown', function (event) { pressedOnBackdrop = event.target === overlay; });
    overlay.addEventListener('click', function (event) {
      if (event.target === overlay && pressedOnBackdrop) dismiss();
      pressedOnBackdrop = false;
    });
    document.addEventListener('keydown', onKeyDown, true);

    document.body.appendChild(overlay);
    document.body.style.overflow = 'hidden';
    var start = dialog.querySelector('input[name="' + id + '-method"]:checked') || payButton;
    start.focus();

    return { destroy: destroy };
  }

  window.Razorpay = Razorpay;
})();
`;
