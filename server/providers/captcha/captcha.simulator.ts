import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Simulator, SimulatorContext } from '../simulator-host';
import { CAPTCHA_PROVIDER } from './captcha.adapter';

/**
 * A captcha provider, simulated (issue 21; docs/decisions/169). It speaks what reCAPTCHA, hCaptcha
 * and Turnstile share:
 * - `GET /api.js`: the widget script. It defines `window.simcaptcha` with `render(container,
 *   { sitekey, callback, 'expired-callback', 'error-callback' })`, `reset`, `getResponse` and
 *   `remove`, and renders an "I am not a robot" checkbox in the page; ticking it asks
 *   `POST /widget/token` for a token and hands it to `callback`.
 * - `POST /siteverify`: `secret`, `response`, `remoteip` in; `{ success, challenge_ts, hostname,
 *   error-codes }` out. A token is for one site key, expires after two minutes and is good once
 *   (`timeout-or-duplicate` after), like a real provider's.
 */
export const CAPTCHA_SIMULATOR = CAPTCHA_PROVIDER;
/** The global the simulator's widget script defines (the app looks for it beside the real providers'). */
export const SIMULATED_CAPTCHA_GLOBAL = 'simcaptcha';
export const CAPTCHA_TOKEN_TTL_MS = 120_000;

interface IssuedToken {
  siteKey: string;
  hostname: string;
  issuedAt: number;
}

const HOSTNAME = /^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]{2,45}\]$/;

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The widget: small, no dependencies, styled by attributes only (the app's CSP allows inline styles, not inline scripts). */
function widgetScript(base: string): string {
  return `(function () {
  'use strict';
  var base = ${JSON.stringify(base)};
  var ttl = ${CAPTCHA_TOKEN_TTL_MS};
  var widgets = [];
  function call(params, name, value) { var fn = params[name]; if (typeof fn === 'function') fn(value); }
  function clear(widget, message) {
    widget.token = null;
    clearTimeout(widget.timer);
    widget.input.checked = false;
    widget.input.disabled = false;
    widget.status.textContent = message || '';
  }
  function render(container, params) {
    var host = typeof container === 'string' ? document.getElementById(container) : container;
    if (!host || !params || !params.sitekey) throw new Error('simcaptcha.render needs a container and a sitekey');
    var id = widgets.length;
    var box = document.createElement('div');
    box.setAttribute('style', 'display:inline-flex;align-items:center;gap:.75rem;padding:.75rem 1rem;border:1px solid #505a5f;border-radius:4px;background:#f8f8f8;color:#0b0c0c;font:inherit');
    var input = document.createElement('input');
    input.type = 'checkbox';
    input.id = 'simcaptcha-' + id;
    input.setAttribute('style', 'width:1.5rem;height:1.5rem;margin:0');
    var label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = 'I am not a robot';
    var status = document.createElement('span');
    status.setAttribute('role', 'status');
    status.setAttribute('style', 'font-size:.9rem');
    var mark = document.createElement('span');
    mark.textContent = 'simulated captcha';
    mark.setAttribute('style', 'font-size:.75rem;color:#505a5f');
    box.appendChild(input);
    box.appendChild(label);
    box.appendChild(status);
    box.appendChild(mark);
    host.appendChild(box);
    var widget = { box: box, input: input, status: status, params: params, token: null, timer: 0 };
    widgets.push(widget);
    input.addEventListener('change', function () {
      if (!input.checked) { clear(widget); return; }
      input.disabled = true;
      status.textContent = 'Checking…';
      var body = 'sitekey=' + encodeURIComponent(params.sitekey) + '&hostname=' + encodeURIComponent(location.hostname);
      fetch(base + '/widget/token', { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: body })
        .then(function (response) { if (!response.ok) throw new Error('HTTP ' + response.status); return response.json(); })
        .then(function (answer) {
          widget.token = answer.token;
          input.disabled = false;
          status.textContent = 'Verified';
          widget.timer = setTimeout(function () { clear(widget, 'The check expired. Tick the box again.'); call(params, 'expired-callback'); }, ttl);
          call(params, 'callback', answer.token);
        })
        .catch(function () { clear(widget, 'The check did not work. Tick the box again.'); call(params, 'error-callback'); });
    });
    return id;
  }
  window.${SIMULATED_CAPTCHA_GLOBAL} = {
    render: render,
    reset: function (id) { var widget = widgets[id === undefined ? 0 : id]; if (widget) clear(widget); },
    getResponse: function (id) { var widget = widgets[id === undefined ? 0 : id]; return (widget && widget.token) || ''; },
    remove: function (id) { var widget = widgets[id === undefined ? 0 : id]; if (widget) { clear(widget); widget.box.remove(); } }
  };
})();
`;
}

export function createCaptchaSimulator(context: SimulatorContext, site: { siteKey: string; secret: string }): Simulator {
  const routes = new Hono();
  const tokens = new Map<string, IssuedToken>();
  const sweep = () => {
    const now = Date.now();
    for (const [token, issued] of tokens) if (now - issued.issuedAt > CAPTCHA_TOKEN_TTL_MS) tokens.delete(token);
  };

  routes.get('/api.js', (c) =>
    c.body(widgetScript(context.base(CAPTCHA_SIMULATOR)), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      // Loaded by the app's page on another origin.
      'cross-origin-resource-policy': 'cross-origin',
    }),
  );

  // The widget's own call, from the app's page on another origin.
  routes.options('/widget/token', (c) => c.body(null, 204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'accept, content-type' }));
  routes.post('/widget/token', async (c) => {
    c.header('access-control-allow-origin', '*');
    const form = new URLSearchParams(await c.req.text());
    const siteKey = form.get('sitekey') ?? '';
    const hostname = (form.get('hostname') ?? '').toLowerCase();
    if (siteKey !== site.siteKey) return c.json({ error: 'invalid-sitekey' }, 400);
    if (!HOSTNAME.test(hostname)) return c.json({ error: 'invalid-hostname' }, 400);
    sweep();
    const token = `sim.${randomBytes(32).toString('base64url')}`;
    tokens.set(token, { siteKey, hostname, issuedAt: Date.now() });
    return c.json({ token });
  });

  routes.post('/siteverify', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const secret = form.get('secret');
    const response = form.get('response');
    const failure = (codes: string[]) => c.json({ success: false, 'error-codes': codes });
    if (!secret) return failure(['missing-input-secret']);
    if (!equal(secret, site.secret)) return failure(['invalid-input-secret']);
    if (!response) return failure(['missing-input-response']);
    sweep();
    const issued = tokens.get(response);
    // Good once: a second look at the same token is refused, as after it expired.
    tokens.delete(response);
    if (!issued) return failure(response.startsWith('sim.') ? ['timeout-or-duplicate'] : ['invalid-input-response']);
    return c.json({ success: true, challenge_ts: new Date(issued.issuedAt).toISOString(), hostname: issued.hostname, 'error-codes': [] });
  });

  return {
    name: CAPTCHA_SIMULATOR,
    title: 'Captcha (site-verify protocol of reCAPTCHA, hCaptcha and Turnstile)',
    routes,
    reset() {
      tokens.clear();
    },
  };
}
