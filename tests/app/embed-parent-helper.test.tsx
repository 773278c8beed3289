/**
 * Issue 25 (decision 187): the parent-side helper a partner's page loads (src/embed/parent.ts, built
 * to /embed/parent.js), with real MessageEvents: the frame it makes, what it reads from the app (only
 * its own frame's window, only the app's origin, only the contract) and what it sends (only to the
 * app's origin, after the app is ready).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSolisFrame, type SolisFrameOptions } from '../../src/embed/parent';
import { EMBED_MESSAGE_VERSION, EMBED_PROTOCOL } from '../../core/wire/embed-messages.schema';

const APP = 'https://apply.bank.example';
const envelope = { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION };
const step = { taskDefinitionKey: 'submitPersonalInfo', stepIndex: 2, stepCount: 13, externalId: 'a-1', isFinal: false };

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function mount(options: Partial<SolisFrameOptions> = {}) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const callbacks = { onReady: vi.fn(), onStep: vi.fn(), onHeight: vi.fn() };
  const frame = mountSolisFrame({ src: `${APP}/?lang=en`, container, ...callbacks, ...options });
  const app = frame.iframe.contentWindow!;
  const sent = vi.spyOn(app, 'postMessage').mockImplementation(() => {});
  /** A message event on the partner's page, from the app's frame unless told otherwise. */
  const fromApp = (data: unknown, origin = APP, source: Window | null = app) => window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { frame, container, callbacks, sent, fromApp };
}

describe('the frame', () => {
  it('shows the app with this page as its parent origin, the role in the query and the token in the fragment', () => {
    const { frame, container } = mount({ token: 'h.p.s', role: 'applicant', title: 'Laenutaotlus' });
    const address = new URL(frame.iframe.src);
    expect(address.origin).toBe(APP);
    expect(address.searchParams.get('parentOrigin')).toBe(window.location.origin);
    expect(address.searchParams.get('role')).toBe('applicant');
    expect(address.searchParams.get('lang')).toBe('en');
    expect(address.searchParams.has('token')).toBe(false);
    expect(new URLSearchParams(address.hash.slice(1)).get('token')).toBe('h.p.s');
    expect(frame.iframe.title).toBe('Laenutaotlus');
    expect(frame.iframe.style.height).toBe('600px');
    expect(container.contains(frame.iframe)).toBe(true);
  });

  it('refuses an address that is not http(s)', () => {
    const container = document.createElement('div');
    expect(() => mountSolisFrame({ src: 'javascript:alert(1)', container })).toThrow(/http\(s\)/);
    expect(container.children).toHaveLength(0);
  });

  it('goes away with destroy, and hears nothing after', () => {
    const { frame, container, callbacks, fromApp } = mount();
    frame.destroy();
    expect(container.children).toHaveLength(0);
    fromApp({ ...envelope, type: 'ready' });
    expect(callbacks.onReady).not.toHaveBeenCalled();
  });
});

describe('what the page hears from the app', () => {
  it('ready, the step and the height, the frame taking the height', () => {
    const { frame, callbacks, fromApp } = mount();
    fromApp({ ...envelope, type: 'ready' });
    fromApp({ ...envelope, type: 'step', ...step });
    fromApp({ ...envelope, type: 'height', height: 1234 });
    expect(callbacks.onReady).toHaveBeenCalledOnce();
    expect(callbacks.onStep).toHaveBeenCalledWith(step);
    expect(callbacks.onHeight).toHaveBeenCalledWith(1234);
    expect(frame.iframe.style.height).toBe('1234px');
  });

  it.each<[string, unknown, string?, ('page' | 'other' | 'none')?]>([
    ['another origin', { ...envelope, type: 'height', height: 99 }, 'https://evil.example'],
    ['this page\'s own origin', { ...envelope, type: 'height', height: 99 }, window.location.origin],
    ['another window with the app\'s origin', { ...envelope, type: 'height', height: 99 }, APP, 'other'],
    ['the page itself', { ...envelope, type: 'height', height: 99 }, APP, 'page'],
    ['no source', { ...envelope, type: 'height', height: 99 }, APP, 'none'],
    ['another version', { ...envelope, version: 9, type: 'height', height: 99 }],
    ['a malformed height', { ...envelope, type: 'height', height: '99px' }],
    ['an oversized step', { ...envelope, type: 'step', ...step, padding: 'x'.repeat(10_000) }],
    ['a parent message', { ...envelope, type: 'language', language: 'et' }],
  ])('ignores %s', (_name, data, origin = APP, from) => {
    const { frame, callbacks, fromApp } = mount();
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    const source = from === 'other' ? other.contentWindow : from === 'page' ? window : from === 'none' ? null : frame.iframe.contentWindow;
    fromApp(data, origin, source);
    expect(frame.iframe.style.height).toBe('600px');
    expect(callbacks.onHeight).not.toHaveBeenCalled();
    expect(callbacks.onStep).not.toHaveBeenCalled();
    // And goes on hearing the app.
    fromApp({ ...envelope, type: 'height', height: 700 });
    expect(frame.iframe.style.height).toBe('700px');
  });
});

describe('what the page tells the app', () => {
  it('waits for ready, then sends to the app\'s origin only, in order', () => {
    const { frame, sent, fromApp } = mount();
    frame.setLanguage('ru');
    frame.refreshToken('h.p.s');
    expect(sent).not.toHaveBeenCalled();
    fromApp({ ...envelope, type: 'ready' });
    frame.setLanguage('et');
    expect(sent.mock.calls).toEqual([
      [{ ...envelope, type: 'language', language: 'ru' }, APP],
      [{ ...envelope, type: 'token-refresh', token: 'h.p.s' }, APP],
      [{ ...envelope, type: 'language', language: 'et' }, APP],
    ]);
  });
});
