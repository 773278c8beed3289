/**
 * Issue 25 (decision 187): the app's side of the messaging with a parent page (src/app/parent-bridge.ts),
 * with real MessageEvents from real windows: the app is a frame of this document (its parent is this
 * window), a second frame stands for any other window. What the app posts is read off
 * `postMessage` on the parent, with its target origin.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { allowedParentOrigin, startParentBridge, stepDataOf } from '../../src/app/parent-bridge';
import { parentFrame } from '../../src/app/parent-frame';
import { embeddedMode, resetEmbeddedMode, startEmbeddedMode } from '../../src/app/embedded';
import { EMBED_MESSAGE_VERSION, EMBED_PROTOCOL, readChildMessage } from '../../core/wire/embed-messages.schema';
import type { ApplicationActorRef } from '../../src/steps/_kit/application-actor';
import type { RuntimeConfig } from '../../core/wire/config.schema';

const PARENT = 'https://partner.example';
const config: Pick<RuntimeConfig, 'embedding' | 'allowedLocales'> = { embedding: { parentOrigins: [PARENT, 'https://other.example'] }, allowedLocales: ['et', 'ru', 'en'] };
const envelope = { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const FAR = Math.floor(new Date('2100-01-01').getTime() / 1000);
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64({ exp: FAR, ...payload })}.c2lnbmF0dXJl`;

/** The app's window as the bridge sees it: a real frame's window and document, its address and timing ours. */
interface AppWindow {
  win: Window;
  /** Runs the animation frames asked for so far. */
  frames(): void;
  /** Tells the resize observer the content changed. */
  resized(): void;
  setHeight(height: number): void;
  /** A message event on the app's window, from `source`. */
  receive(data: unknown, origin?: string, source?: Window | null): void;
}

function appWindow(search = `?parentOrigin=${encodeURIComponent(PARENT)}`): AppWindow {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const child = frame.contentWindow!;
  let height = 500;
  let callbacks: FrameRequestCallback[] = [];
  let observed: (() => void) | null = null;
  vi.spyOn(child.document.documentElement, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
  class Observer {
    constructor(callback: () => void) {
      observed = callback;
    }
    observe() {}
    disconnect() {
      observed = null;
    }
  }
  const win = new Proxy(child, {
    get(target, key) {
      if (key === 'location') return { search };
      if (key === 'parent') return window;
      if (key === 'ResizeObserver') return Observer;
      if (key === 'requestAnimationFrame') return (callback: FrameRequestCallback) => callbacks.push(callback);
      if (key === 'cancelAnimationFrame') return () => {};
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    win,
    frames() {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback(0);
    },
    resized: () => observed?.(),
    setHeight(next) {
      height = next;
    },
    receive(data, origin = PARENT, source: Window | null = window) {
      child.dispatchEvent(new (child as Window & typeof globalThis).MessageEvent('message', { data, origin, source }));
    },
  };
}

/** A stand-in application actor: the snapshot's step state and context, and its subscribers. */
function application(context: Record<string, unknown>, state = 'step') {
  let snapshot = { matches: (value: string) => value === state, context: { businessDomain: 'retail-banking-ee', application: null, stepTerminal: false, ...context } };
  const listeners = new Set<() => void>();
  return {
    actor: {
      getSnapshot: () => snapshot,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return { unsubscribe: () => listeners.delete(listener) };
      },
    } as unknown as ApplicationActorRef,
    update(next: Record<string, unknown>, nextState = state) {
      snapshot = { matches: (value: string) => value === nextState, context: { ...snapshot.context, ...next } };
      for (const listener of listeners) listener();
    },
  };
}

let posted: MockInstance<Window['postMessage']>;
let stop: (() => void) | null = null;

beforeEach(() => {
  posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
});
afterEach(() => {
  stop?.();
  stop = null;
  parentFrame.setLocale = null;
  resetEmbeddedMode();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** What the app posted, in order: each message, read with the schema, and the target origin. */
const sent = () => posted.mock.calls.map(([message, target]) => ({ message: readChildMessage(message), target }));

describe('which parent the app talks to', () => {
  it('an allowed parent origin named in the frame address', () => {
    expect(allowedParentOrigin(config, appWindow().win)).toBe(PARENT);
  });

  it.each([
    ['an origin not allowed', '?parentOrigin=https%3A%2F%2Fevil.example'],
    ['a look-alike', '?parentOrigin=https%3A%2F%2Fpartner.example.evil.example'],
    ['a wildcard', '?parentOrigin=*'],
    ['none named', '?lang=en'],
  ])('none for %s: nothing is posted, nothing is listened to', (_name, search) => {
    const app = appWindow(search);
    expect(startParentBridge(config, app.win)).toBeNull();
    expect(parentFrame.active).toBe(false);
    app.frames();
    expect(posted).not.toHaveBeenCalled();
  });

  it('none outside a frame, whatever the address says', () => {
    const top = { location: { search: `?parentOrigin=${PARENT}` } } as { location: { search: string }; parent?: unknown };
    top.parent = top;
    expect(allowedParentOrigin(config, top as unknown as Window)).toBeNull();
  });

  it('none when the server allows no parent', () => {
    expect(allowedParentOrigin({ embedding: { parentOrigins: [] } }, appWindow().win)).toBeNull();
    expect(allowedParentOrigin({}, appWindow().win)).toBeNull();
  });
});

describe('what the app tells the parent', () => {
  it('ready first, then the height, always to the parent origin and never to *', () => {
    const app = appWindow();
    stop = startParentBridge(config, app.win);
    expect(parentFrame.active).toBe(true);
    app.frames();
    expect(sent()).toEqual([
      { message: { ...envelope, type: 'ready' }, target: PARENT },
      { message: { ...envelope, type: 'height', height: 500 }, target: PARENT },
    ]);
  });

  it('the height only when it changed, read once a frame however often the content resized', () => {
    const app = appWindow();
    stop = startParentBridge(config, app.win);
    app.frames();
    posted.mockClear();
    app.resized();
    app.resized();
    app.frames();
    expect(posted).not.toHaveBeenCalled();
    app.setHeight(812.2);
    app.resized();
    app.setHeight(930.4);
    app.resized();
    app.frames();
    expect(sent()).toEqual([{ message: { ...envelope, type: 'height', height: 931 }, target: PARENT }]);
  });

  it('every step shown, once each, with its index, count, id and finality', () => {
    const app = appWindow();
    stop = startParentBridge(config, app.win);
    const run = application({ taskKey: 'createApplicationStep', stepCount: 1, externalId: null });
    const unfollow = parentFrame.follow!(run.actor);
    run.update({ externalId: 'a-1' }, 'loading');
    run.update({ taskKey: 'submitPersonalInfo', stepCount: 2 }, 'step');
    run.update({});
    run.update({ taskKey: 'viewThankYouPage', stepCount: 3, stepTerminal: true });
    unfollow();
    run.update({ taskKey: 'checkAnswers', stepCount: 4, stepTerminal: false });
    const steps = sent().flatMap(({ message }) => (message?.type === 'step' ? [message] : []));
    expect(steps).toEqual([
      { ...envelope, type: 'step', taskDefinitionKey: 'createApplicationStep', stepIndex: 1, stepCount: 13, externalId: null, isFinal: false },
      { ...envelope, type: 'step', taskDefinitionKey: 'submitPersonalInfo', stepIndex: 2, stepCount: 13, externalId: 'a-1', isFinal: false },
      { ...envelope, type: 'step', taskDefinitionKey: 'viewThankYouPage', stepIndex: 3, stepCount: 3, externalId: 'a-1', isFinal: true },
    ]);
  });

  it('the count on the progress bar\'s scale: Latvia\'s housing loan has six pages, and never below the index', () => {
    const lvHousing = application({ taskKey: 'submitAddress', stepCount: 2, externalId: 'x', businessDomain: 'retail-banking-lv', application: { creditConditions: { productName: 'HOUSING_LOAN' } } });
    expect(stepDataOf(lvHousing.actor.getSnapshot())).toMatchObject({ stepIndex: 2, stepCount: 6 });
    const long = application({ taskKey: 'submitAddress', stepCount: 20, externalId: 'x' });
    expect(stepDataOf(long.actor.getSnapshot())).toMatchObject({ stepIndex: 20, stepCount: 20 });
    expect(stepDataOf(application({ taskKey: 'submitAddress', stepCount: 2 }, 'failed').actor.getSnapshot())).toBeNull();
  });
});

describe('what the app takes from the parent', () => {
  function started() {
    const app = appWindow();
    const setLocale = vi.fn();
    parentFrame.setLocale = setLocale;
    stop = startParentBridge(config, app.win);
    return { app, setLocale };
  }

  it('a language the domain offers', () => {
    const { app, setLocale } = started();
    app.receive({ ...envelope, type: 'language', language: 'ru' });
    expect(setLocale).toHaveBeenCalledWith('ru');
  });

  it.each<[string, unknown, string?, ('other' | 'self' | 'none')?]>([
    ['a language the domain does not offer', { ...envelope, type: 'language', language: 'lv' }],
    ['another origin, even an allowed one', { ...envelope, type: 'language', language: 'ru' }, 'https://other.example'],
    ['another window of the parent\'s origin', { ...envelope, type: 'language', language: 'ru' }, PARENT, 'other'],
    ['the app\'s own window', { ...envelope, type: 'language', language: 'ru' }, PARENT, 'self'],
    ['no source', { ...envelope, type: 'language', language: 'ru' }, PARENT, 'none'],
    ['another version', { ...envelope, version: 2, type: 'language', language: 'ru' }],
    ['a malformed one', { type: 'language', language: 'ru' }],
    ['an oversized one', { ...envelope, type: 'language', language: 'ru', padding: 'x'.repeat(10_000) }],
    ['a string', 'language:ru'],
  ])('ignores %s, and goes on listening', (_name, data, origin = PARENT, from) => {
    const { app, setLocale } = started();
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    const source = from === 'other' ? other.contentWindow : from === 'self' ? (app.win as unknown as { window: Window }).window : from === 'none' ? null : window;
    expect(() => app.receive(data, origin, source)).not.toThrow();
    expect(setLocale).not.toHaveBeenCalled();
    app.receive({ ...envelope, type: 'language', language: 'et' });
    expect(setLocale).toHaveBeenCalledWith('et');
  });

  it('a token refresh for the same user groups, when the app started with a parent\'s token', () => {
    const first = jwt({ sub: 'p', userGroups: ['customers'] });
    startEmbeddedMode({ pathname: '/', search: '', hash: `#token=${first}` }, { state: null, replaceState: () => {} });
    const { app } = started();
    app.receive({ ...envelope, type: 'token-refresh', token: jwt({ sub: 'p', userGroups: ['staff'] }) });
    app.receive({ ...envelope, type: 'token-refresh', token: jwt({ sub: 'p', userGroups: ['customers'], exp: 1 }) });
    expect(embeddedMode().token).toBe(first);
    const next = jwt({ sub: 'p', userGroups: ['customers'], iat: 2 });
    app.receive({ ...envelope, type: 'token-refresh', token: next });
    expect(embeddedMode().token).toBe(next);
  });

  it('no token when the app did not start with one', () => {
    const { app } = started();
    app.receive({ ...envelope, type: 'token-refresh', token: jwt({ sub: 'p' }) });
    expect(embeddedMode()).toMatchObject({ embedded: false, token: null });
  });

  it('nothing once stopped', () => {
    const { app, setLocale } = started();
    stop!();
    stop = null;
    app.receive({ ...envelope, type: 'language', language: 'ru' });
    expect(setLocale).not.toHaveBeenCalled();
    expect(parentFrame.active).toBe(false);
  });
});
