import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_LOADER_SOURCE, entryLoaderTag } from '../../server/http/entry-loader';

/**
 * Decision 231: index.html's loader starts the app's entry module once the browser reports the
 * first contentful paint, so the module's download and evaluation come after the paint (and out of
 * Lighthouse's simulated first paint). Run here as the browser runs it: the loader's own text, with
 * `document.currentScript` its element, and the browser's Paint Timing played by a stand-in.
 */
type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void;

let observers: Array<{ callback: PaintCallback; disconnected: boolean }>;
let visibility: DocumentVisibilityState;

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint', 'longtask'];
  private readonly entry: { callback: PaintCallback; disconnected: boolean };
  constructor(callback: PaintCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe(options: { type: string; buffered?: boolean }) {
    expect(options).toEqual({ type: 'paint', buffered: true });
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

/** The browser reporting a paint entry to the loader's observer. */
function reportPaint(name: 'first-paint' | 'first-contentful-paint') {
  for (const entry of observers.filter((o) => !o.disconnected)) {
    entry.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, { disconnect: () => (entry.disconnected = true) });
  }
}

function runLoader() {
  const holder = document.createElement('div');
  holder.innerHTML = entryLoaderTag({ entry: '/assets/index-abc.js', preloads: ['/assets/runtime-1.js', '/assets/forms-2.js'], styles: ['/assets/fields-3.css'] });
  const script = holder.firstElementChild as HTMLScriptElement;
  document.body.append(script);
  expect(script.textContent).toBe(ENTRY_LOADER_SOURCE);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    new Function(script.textContent)();
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
  }
}

const moduleScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => [s.getAttribute('src'), s.getAttribute('crossorigin')]);
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => [l.getAttribute('href'), l.getAttribute('crossorigin')]);
const stylePreloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin')]);

beforeEach(() => {
  vi.useFakeTimers();
  observers = [];
  visibility = 'visible';
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of document.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"]')) node.remove();
});

describe('the entry loader (decision 231)', () => {
  it('asks for nothing before the first contentful paint, then for the preloads and the entry, once', () => {
    runLoader();
    vi.advanceTimersByTime(500);
    reportPaint('first-paint');
    vi.advanceTimersByTime(0);
    expect(moduleScripts()).toEqual([]);
    expect(preloads()).toEqual([]);
    expect(stylePreloads()).toEqual([]);

    reportPaint('first-contentful-paint');
    // In a task of its own after the paint is reported, not inside the observer's callback.
    expect(moduleScripts()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(preloads()).toEqual([
      ['/assets/runtime-1.js', ''],
      ['/assets/forms-2.js', ''],
    ]);
    expect(stylePreloads()).toEqual([['/assets/fields-3.css', 'style', '']]);
    expect(moduleScripts()).toEqual([['/assets/index-abc.js', '']]);
    expect(observers.every((o) => o.disconnected)).toBe(true);

    // The fallback does not start it a second time.
    vi.advanceTimersByTime(5000);
    expect(moduleScripts()).toHaveLength(1);
    expect(preloads()).toHaveLength(2);
  });

  it('starts after a second when no paint is reported', () => {
    runLoader();
    vi.advanceTimersByTime(999);
    expect(moduleScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(moduleScripts()).toEqual([['/assets/index-abc.js', '']]);
  });

  it('starts at once in a hidden page (a background tab paints nothing until shown)', () => {
    visibility = 'hidden';
    runLoader();
    expect(moduleScripts()).toEqual([['/assets/index-abc.js', '']]);
    expect(preloads()).toHaveLength(2);
  });

  it('starts at once where the browser reports no paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runLoader();
    expect(moduleScripts()).toEqual([['/assets/index-abc.js', '']]);
    vi.unstubAllGlobals();
    class WithoutPaint extends FakePerformanceObserver {
      static override supportedEntryTypes = ['longtask'];
    }
    vi.stubGlobal('PerformanceObserver', WithoutPaint);
    for (const node of document.querySelectorAll('script[type="module"]')) node.remove();
    runLoader();
    expect(moduleScripts()).toEqual([['/assets/index-abc.js', '']]);
  });
});
