/**
 * Whether this page asks for a captcha, and with what (issue 21; docs/decisions/169): set once at
 * start by the app (captcha on, and not embedded with a parent's bearer token, which vouches for the
 * person). Apart from the gate so the first page's JavaScript carries only this.
 */
export interface CaptchaSettings {
  scriptUrl: string;
  siteKey: string;
}

let current: CaptchaSettings | null = null;

export function configureCaptcha(settings: CaptchaSettings | null): void {
  current = settings;
}

/** Null when no token is asked for. */
export function captchaSettings(): CaptchaSettings | null {
  return current;
}
