/**
 * Section 8: a chunk that fails to load (a deployment replaced the hashed files, or the network
 * dropped) is recovered by ONE reload, after the draft of the current step has been sent with a
 * keepalive request. Never a reload loop and never a white screen: when the guard refuses, the
 * failure continues to the error page, which offers a manual reload.
 *
 * The guard is the time of the last automatic reload in sessionStorage (per tab, gone with the
 * tab). It is the only thing this app keeps in browser storage and it is not application data:
 * nothing typed, no ids. A second chunk failure within RELOAD_GUARD_MS of an automatic reload is
 * not retried automatically; after that window one more automatic reload is allowed again.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { reloadAddress } from './embedded';
import { reportError } from './error-report';

export const RELOAD_GUARD_KEY = 'solis.chunk-reload-at';
export const RELOAD_GUARD_MS = 10 * 60 * 1000;
/** Time for the keepalive draft request to leave before the page unloads. */
export const DRAFT_FLUSH_MS = 150;

/** Section 8's chunk failures, as the browsers and the bundler report them. */
const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, kind, message } = error as { name?: unknown; code?: unknown; kind?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED' || kind === 'chunk') return true;
  return typeof message === 'string' && CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}

export interface RecoveryEnvironment {
  now(): number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload(): void;
  wait(ms: number): Promise<void>;
}

function browserEnvironment(): RecoveryEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): then no automatic reload, the error page instead.
  }
  return {
    now: () => Date.now(),
    storage,
    reload: () => {
      // Embedded: put the parent's token back in the fragment first, or the reload loses it.
      window.history.replaceState(window.history.state, '', reloadAddress());
      window.location.reload();
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

type DraftFlusher = () => void;
const flushers = new Set<DraftFlusher>();
let reloading = false;
/** A refused reload is reported once, however many places (preload event, machine, boundary) see it. */
let refusalReported = false;

/** Registers what must be saved before a recovery reload (the step page's draft). */
export function onBeforeChunkReload(flush: DraftFlusher): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Hook form of `onBeforeChunkReload`, for the step page. */
export function useBeforeChunkReload(flush: DraftFlusher): void {
  useEffect(() => onBeforeChunkReload(flush), [flush]);
}

const pendingListeners = new Set<() => void>();

/** True once a recovery reload has started: views show a loading state, not an error. */
export function isChunkReloadPending(): boolean {
  return reloading;
}

/** `isChunkReloadPending` for views, re-rendering when the reload starts. */
export function useChunkReloadPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    isChunkReloadPending,
  );
}

/**
 * Starts the one guarded reload. Returns true when the page is reloading (or already was), false
 * when the guard refuses: the caller then shows the error page.
 */
export function recoverFromChunkError(error: unknown, env: RecoveryEnvironment = browserEnvironment()): boolean {
  if (reloading) return true;
  const last = Number(env.storage?.getItem(RELOAD_GUARD_KEY) ?? NaN);
  const now = env.now();
  if (!env.storage || (Number.isFinite(last) && now - last < RELOAD_GUARD_MS)) {
    if (!refusalReported) reportError('chunk', error);
    refusalReported = true;
    return false;
  }
  try {
    env.storage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    reportError('chunk', error);
    return false;
  }
  reloading = true;
  for (const listener of pendingListeners) listener();
  reportError('chunk', error);
  for (const flush of flushers) {
    try {
      flush();
    } catch (flushError) {
      reportError('chunk', flushError);
    }
  }
  void env.wait(DRAFT_FLUSH_MS).then(() => env.reload());
  return true;
}

/**
 * Vite's `vite:preloadError` (a dynamic import or its CSS failed). When the reload starts, the
 * event is cancelled so Vite does not rethrow; when the guard refuses, the error goes on to the
 * machine or the error boundary, which show the error page.
 */
export function installChunkRecovery(target: Window = window, env?: RecoveryEnvironment): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (recoverFromChunkError(payload ?? { kind: 'chunk' }, env)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** A reload the applicant asked for (error pages): keeps the embedded token like the automatic one. */
export function reloadPage(): void {
  browserEnvironment().reload();
}

/** Tests only. */
export function resetChunkRecovery(): void {
  reloading = false;
  refusalReported = false;
  flushers.clear();
  pendingListeners.clear();
}
