import { isAppError } from '../../core/domain/app-error';

/**
 * The one place unexpected failures are logged (section 8: "a common error handler"). A log line
 * must never carry personal data: only the error's kind, name, status, code and the route's path
 * (never its query, which holds the externalId and partner parameters). Free-text messages can
 * quote what an applicant typed, so e-mail addresses and long digit runs (personal codes, phone and
 * account numbers) are masked in them.
 */
export type ErrorOrigin = 'application' | 'render' | 'chunk' | 'window' | 'promise';

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+/g;
const LONG_DIGITS = /\d[\d\s-]{4,}\d/g;
const IBAN = /\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g;

export function redactMessage(message: string): string {
  return message.replace(EMAIL, '[email]').replace(IBAN, '[iban]').replace(LONG_DIGITS, '[digits]').slice(0, 300);
}

function describe(error: unknown): string {
  if (isAppError(error)) {
    const app = error;
    const status = 'status' in app && app.status ? ` status=${app.status}` : '';
    const code = 'code' in app && app.code ? ` code=${app.code}` : '';
    // The step-not-found message is the spec's own sentence with a task key: no personal data.
    const detail = app.kind === 'step-not-found' ? ` ${app.message}` : '';
    return `kind=${app.kind}${status}${code}${detail}`;
  }
  if (error instanceof Error) {
    const errorCode = (error as Error & { code?: unknown }).code;
    const code = typeof errorCode === 'string' ? ` code=${errorCode}` : '';
    return `name=${error.name}${code} message="${redactMessage(error.message)}"`;
  }
  return `value=${typeof error}`;
}

/** Logs a failure for support; the path only (`/continue/…` ids are shortened to the route). */
export function reportError(origin: ErrorOrigin, error: unknown, path: string = typeof window === 'undefined' ? '' : window.location.pathname): void {
  const route = path.replace(/^\/continue\/.+$/, '/continue/:externalId').replace(/^\/landing\/.+$/, '/landing/…');
  console.error(`[solis] ${origin} error ${describe(error)} path=${route}`);
}

/** Window-level failures nothing else caught: logged the same way (the page itself stays). */
export function installGlobalErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError('window', event.error ?? new Error(event.message));
  const onRejection = (event: PromiseRejectionEvent) => reportError('promise', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
