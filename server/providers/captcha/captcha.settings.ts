import { randomBytes } from 'node:crypto';
import { ConfigError, readBoolean, readList, readString, type Environment, type SolisMode } from '../../config/env';
import { readPublicOrigin } from '../../config/public-origin';
import { readProviderSource, requireSecretWith, requireWith, type ProviderVariable } from '../provider-source';

/**
 * The captcha provider (section 7's `x-captcha-token` on create; issue 21; docs/decisions/169):
 * reCAPTCHA, hCaptcha and Cloudflare Turnstile share one protocol, a widget script the page loads
 * (`render(container, { sitekey, callback })`) and a site-verify endpoint the server asks
 * (`secret`, `response`, `remoteip` in, `success` and `hostname` out). Unset outside production:
 * the captcha simulator, which speaks both.
 */
export type CaptchaSettings =
  | { enabled: false }
  | {
      enabled: true;
      source: { kind: 'simulator' };
      siteKey: string;
      secret: string;
      /** The host name a token must have been solved on (decision 178): never the request's Host header. */
      hostname: string;
    }
  | {
      enabled: true;
      source: { kind: 'real'; url: string };
      siteKey: string;
      secret: string;
      hostname: string;
      /** The provider's widget script (its `api.js`), loaded by the app. */
      scriptUrl: string;
      /** The origins the widget loads from: the script's, and CAPTCHA_WIDGET_ORIGINS (the page's CSP allows them). */
      widgetOrigins: string[];
    };

/** The site key the simulator's widget is rendered with when CAPTCHA_SITE_KEY is not set. */
export const SIMULATED_CAPTCHA_SITE_KEY = 'solis-simulated-site-key';
/** The simulated provider's secret, made once per process (every reading of the settings in it agrees). */
const SIMULATED_CAPTCHA_SECRET = randomBytes(24).toString('base64url');

export const CAPTCHA_VARIABLES: ProviderVariable[] = [
  { name: 'CAPTCHA_ENABLED', meaning: 'true: creating an application from a browser needs a solved captcha.', example: 'true', required: false },
  {
    name: 'CAPTCHA_VERIFY_URL',
    meaning: "The provider's site-verify endpoint. Unset: the captcha simulator, outside production (production with CAPTCHA_ENABLED needs it).",
    example: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    required: false,
  },
  { name: 'CAPTCHA_SECRET', meaning: 'The secret key the site-verify endpoint is asked with.', example: '(from the provider)', required: true },
  { name: 'CAPTCHA_SITE_KEY', meaning: 'The site key the widget is rendered with (public).', example: '(from the provider)', required: true },
  {
    name: 'CAPTCHA_SCRIPT_URL',
    meaning: "The provider's widget script, with explicit rendering; its origin is allowed in the page's Content-Security-Policy.",
    example: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    required: true,
  },
  {
    name: 'CAPTCHA_WIDGET_ORIGINS',
    meaning: "Further origins the provider's widget loads from, comma-separated (reCAPTCHA: https://www.gstatic.com).",
    example: 'https://www.gstatic.com',
    required: false,
  },
  {
    name: 'CAPTCHA_HOSTNAME',
    meaning:
      "The host name the provider must report the captcha was solved on. Unset: PUBLIC_ORIGIN's host; outside production without either, HOST when it names one address, else localhost (production with CAPTCHA_ENABLED needs one of them).",
    example: 'apply.bank.example',
    required: false,
  },
];

function readHttpsUrl(env: Environment, name: string, mode: SolisMode, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `is "${raw}", which is not a URL.`);
  }
  if (url.protocol !== 'https:' && !(mode !== 'production' && url.protocol === 'http:')) throw new ConfigError(name, `is "${raw}"; it must be an https URL.`);
  if (url.username || url.password) throw new ConfigError(name, 'must not carry credentials.');
  void env;
  return url;
}

/**
 * Issue 23 item 3 (decision 178): where CAPTCHA_HOSTNAME is not set, the host of PUBLIC_ORIGIN (where
 * people reach the app). Outside production without either: the address HOST names when it names
 * one (the end-to-end servers listen on 127.0.0.1 and are opened there), else localhost (`npm
 * start` opened as http://localhost:3000). Never the Host header of a request: whoever sends the
 * request chooses it, so a token solved on any site would pass.
 */
function captchaHostnameByDefault(env: Environment, mode: SolisMode): string {
  const publicOrigin = readPublicOrigin(env);
  if (publicOrigin !== null) return new URL(publicOrigin).hostname;
  if (mode === 'production') throw new ConfigError('CAPTCHA_HOSTNAME', 'is required in production when CAPTCHA_ENABLED is true (or PUBLIC_ORIGIN): the host name people solve the captcha on.');
  const host = readString(env, 'HOST');
  return host !== undefined && /^[0-9a-z.-]+$/i.test(host) && host !== '0.0.0.0' ? host.toLowerCase() : 'localhost';
}

export function readCaptchaSettings(env: Environment, mode: SolisMode): CaptchaSettings {
  const enabled = readBoolean(env, 'CAPTCHA_ENABLED');
  // Checked whether enabled or not: a mistake is named before someone turns it on.
  const source = readProviderSource(env, mode, 'CAPTCHA_VERIFY_URL');
  const hostname = readString(env, 'CAPTCHA_HOSTNAME')?.toLowerCase() ?? null;
  if (hostname !== null && !/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(hostname)) {
    throw new ConfigError('CAPTCHA_HOSTNAME', `is "${hostname}", which is not a host name.`);
  }
  if (!enabled) return { enabled: false };
  if (source.kind === 'none') throw new ConfigError('CAPTCHA_VERIFY_URL', "is required in production when CAPTCHA_ENABLED is true (the provider's site-verify URL).");
  if (source.kind === 'simulator') {
    return { enabled: true, source, siteKey: readString(env, 'CAPTCHA_SITE_KEY') ?? SIMULATED_CAPTCHA_SITE_KEY, secret: SIMULATED_CAPTCHA_SECRET, hostname: hostname ?? captchaHostnameByDefault(env, mode) };
  }
  const secret = requireSecretWith(env, source, 'CAPTCHA_SECRET', mode);
  const siteKey = requireWith(env, source, 'CAPTCHA_SITE_KEY');
  const script = readHttpsUrl(env, 'CAPTCHA_SCRIPT_URL', mode, requireWith(env, source, 'CAPTCHA_SCRIPT_URL'));
  const extra = readList(env, 'CAPTCHA_WIDGET_ORIGINS').map((item) => {
    const url = readHttpsUrl(env, 'CAPTCHA_WIDGET_ORIGINS', mode, item);
    if (url.origin !== item.replace(/\/$/, '')) throw new ConfigError('CAPTCHA_WIDGET_ORIGINS', `contains "${item}", which is not an origin such as https://www.gstatic.com.`);
    return url.origin;
  });
  return { enabled: true, source, siteKey, secret, hostname: hostname ?? captchaHostnameByDefault(env, mode), scriptUrl: script.toString(), widgetOrigins: [...new Set([script.origin, ...extra])] };
}
