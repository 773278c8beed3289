/**
 * Why something the app asked for failed, as a typed union (conventions: errors carried in context
 * are a typed union, never `any`). The HTTP client produces these; the machines decide on them.
 * Defined here, below both, so the client knows no machine and the machines know no client.
 */
export type AppError =
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  /** `fieldErrors`: a dotted payload path to message keys (core/validation/messages.ts). */
  | {
      kind: 'validation';
      message: string;
      fieldErrors: Record<string, string[]>;
      /** Numbers the refusal tells (decision 133: `uploadAttemptsLeft`). */
      details?: Record<string, number>;
    }
  /** `code`: the API's error code (VERSION_CONFLICT, STEP_OUT_OF_ORDER, SIGNING_NOT_AVAILABLE, ...), when it sent one. */
  | { kind: 'conflict'; message: string; code?: string }
  /** `code`: the API's error code when it sent one (decision 195: LINK_FOR_ANOTHER_PERSON). */
  | { kind: 'unauthorized'; message: string; code?: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'server'; message: string; status?: number; code?: string }
  | { kind: 'step-not-found'; message: string; taskKey: string }
  | { kind: 'chunk'; message: string }
  | { kind: 'config'; message: string };

export type AppErrorKind = AppError['kind'];

const KINDS: ReadonlySet<string> = new Set<AppErrorKind>([
  'network', 'timeout', 'validation', 'conflict', 'unauthorized', 'not-found', 'server', 'step-not-found', 'chunk', 'config',
]);

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as { kind?: unknown; message?: unknown };
  if (!KINDS.has(kind as string) || typeof message !== 'string') return false;
  if (kind === 'validation') return typeof (value as { fieldErrors?: unknown }).fieldErrors === 'object';
  if (kind === 'step-not-found') return typeof (value as { taskKey?: unknown }).taskKey === 'string';
  return true;
}

/**
 * What a machine's `onError` receives, as the union: provided actors reject with an `AppError`;
 * anything else (a bug in an actor) is a `server` error that keeps its message.
 */
export function asAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  return { kind: 'server', message: error instanceof Error ? error.message : String(error) };
}
