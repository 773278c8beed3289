import { captchaSettings, type CaptchaSettings } from './captcha-settings';

/**
 * The captcha between the widget on the page and the calls that create an application (section 7's
 * `x-captcha-token`; issue 21; docs/decisions/169). The widget hands it each solved token; the
 * create actors take one, waiting for the person to tick the box when there is none yet. A token is
 * good once: after a refused creation the widget is reset for a new one.
 */

type Waiter = { resolve: (token: string) => void; reject: (reason: unknown) => void };

export interface CaptchaGate {
  /** The widget solved a check. */
  provide(token: string): void;
  /** The widget's token expired, or its check failed. */
  expire(): void;
  /** A creation is waiting for the person to tick the box. */
  readonly waiting: boolean;
  /** The next token (waits for one; the signal gives up waiting). */
  take(signal?: AbortSignal): Promise<string>;
  /** The mounted widget's reset, so a refused token is not offered again. */
  attach(reset: () => void): () => void;
  /** A creation with the last token was refused: the person ticks the box again. */
  reset(): void;
  subscribe(listener: () => void): () => void;
}

export function createCaptchaGate(): CaptchaGate {
  let token: string | null = null;
  let waiters: Waiter[] = [];
  let resetWidget: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    provide(next) {
      const waiter = waiters.shift();
      if (waiter) waiter.resolve(next);
      else token = next;
      notify();
    },
    expire() {
      token = null;
      notify();
    },
    get waiting() {
      return waiters.length > 0;
    },
    take(signal) {
      if (token !== null) {
        const taken = token;
        token = null;
        notify();
        return Promise.resolve(taken);
      }
      return new Promise<string>((resolve, reject) => {
        const waiter: Waiter = {
          resolve: (value) => {
            signal?.removeEventListener('abort', abort);
            resolve(value);
          },
          reject,
        };
        const abort = () => {
          waiters = waiters.filter((item) => item !== waiter);
          notify();
          reject(signal?.reason ?? new DOMException('The wait for the captcha was given up.', 'AbortError'));
        };
        if (signal?.aborted) return abort();
        signal?.addEventListener('abort', abort, { once: true });
        waiters.push(waiter);
        notify();
      });
    },
    attach(reset) {
      resetWidget = reset;
      return () => {
        if (resetWidget === reset) resetWidget = null;
        // The widget is gone: a token it solved goes with it.
        token = null;
      };
    },
    reset() {
      token = null;
      resetWidget?.();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one gate. */
export const captchaGate = createCaptchaGate();

/**
 * Runs a creation with a token when one is asked for: `create(undefined)` otherwise. A refused
 * creation (whatever the reason: the token is spent at the provider) resets the widget.
 */
export async function withCaptchaToken<T>(
  create: (token: string | undefined) => Promise<T>,
  signal?: AbortSignal,
  gate: CaptchaGate = captchaGate,
  settings: CaptchaSettings | null = captchaSettings(),
): Promise<T> {
  if (!settings) return create(undefined);
  const token = await gate.take(signal);
  try {
    return await create(token);
  } catch (error) {
    gate.reset();
    throw error;
  }
}
