/**
 * The captcha provider's widget script (its `api.js`), loaded once from the configured address
 * (issue 21; docs/decisions/169). reCAPTCHA (`grecaptcha`), hCaptcha (`hcaptcha`), Cloudflare
 * Turnstile (`turnstile`) and the simulator (`simcaptcha`) all render explicitly with
 * `render(container, { sitekey, callback, 'expired-callback', 'error-callback' })` and `reset(id)`.
 */
export interface CaptchaRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
  /** Turnstile's language option; hCaptcha and reCAPTCHA read `hl`. */
  language?: string;
  hl?: string;
}

export interface CaptchaApi {
  render(container: HTMLElement, options: CaptchaRenderOptions): string | number;
  reset(id?: string | number): void;
  remove?(id?: string | number): void;
  ready?(callback: () => void): void;
}

/** The globals the providers' scripts define, the simulator's last. */
const GLOBALS = ['turnstile', 'hcaptcha', 'grecaptcha', 'simcaptcha'] as const;

function findApi(): CaptchaApi | null {
  const scope = window as unknown as Record<string, unknown>;
  for (const name of GLOBALS) {
    const api = scope[name] as Partial<CaptchaApi> | undefined;
    if (api && typeof api.render === 'function' && typeof api.reset === 'function') return api as CaptchaApi;
  }
  return null;
}

let loading: Promise<CaptchaApi> | null = null;

/** The widget API, loading its script when the page has none yet. */
export function loadCaptchaApi(scriptUrl: string): Promise<CaptchaApi> {
  const present = findApi();
  if (present) return Promise.resolve(present);
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const api = findApi();
      if (!api) return reject(new Error('The captcha script defined no widget.'));
      // reCAPTCHA's render is usable once it says it is ready.
      if (api.ready) api.ready(() => resolve(api));
      else resolve(api);
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('The captcha script could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
