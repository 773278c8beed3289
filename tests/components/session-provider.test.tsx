/**
 * The session provider wired to the real HTTP client (issue 3): the expiry header of every reply
 * drives the warning, "Continue my session" calls GET /api/v1/session/extend, an active applicant
 * gets GET /api/session/heartbeat, the session-expired page follows the end, pages with expiry
 * disabled stay quiet, and a tab coming back looks at the clock. The network is a stubbed `fetch`
 * playing the reference server; time is Vitest's fake clock (timers and Date together).
 */
import { StrictMode } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../src/api/session.api';
import { resetApiClient } from '../../src/api/client';
import { SessionProvider } from '../../src/app/session/session-provider';
import { RuntimeConfigContext } from '../../src/steps/_kit/runtime-config-context';
import { loadClientConfig } from '../../server/client-config';
import { renderWithI18n } from './render-with-i18n';
// The provider fetches the session's chunk (the machine and the warning dialog) when it mounts;
// loaded here first, the fetch is answered from the module cache at once, as a browser has it long
// before a warning is due.
import '../../src/app/session/session-runtime';

const MINUTE = 60_000;
const TTL_MS = 15 * MINUTE;
const WARNING_MS = 2 * MINUTE;
const config = loadClientConfig({}, 'retail-banking-ee');

/** What the stubbed server was asked, by path. */
let requests: string[];

/** The reference server's session calls: every reply slides the session (but GET /v1/session) and says so in its header. */
function serveSessions(): void {
  let expiresAt = Date.now() + TTL_MS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://solis.test').pathname;
      requests.push(path);
      if (path !== '/api/v1/session') expiresAt = Date.now() + TTL_MS;
      const data = path === '/api/session/heartbeat' ? { alive: true } : { expiresAt: new Date(expiresAt).toISOString(), authenticated: false };
      return new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-session-expires-at': new Date(expiresAt).toISOString() },
      });
    }),
  );
}

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

async function renderAt(path: string): Promise<void> {
  // The app reads its runtime configuration (a reply with the expiry) before the provider mounts.
  await getSession();
  renderWithI18n(
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>
            <CurrentPath />
          </SessionProvider>
        </MemoryRouter>
      </RuntimeConfigContext.Provider>
    </StrictMode>,
  );
  // The session's chunk, already in the module cache, mounts.
  await act(async () => {
    await import('../../src/app/session/session-runtime');
  });
}

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const currentPath = () => screen.getByTestId('path').textContent;
const warning = () => screen.queryByRole('alertdialog', { name: 'Your session will end soon' });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 8, 0, 0), toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  requests = [];
  serveSessions();
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // jsdom has no modal dialogs; the stand-ins above go again.
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

describe('SessionProvider', () => {
  it('warns 2 minutes before the end; "Continue my session" extends through the API and the warning closes', async () => {
    await renderAt('/');
    await advance(TTL_MS - WARNING_MS - 1000);
    expect(warning()).toBeNull();
    await advance(1000);
    expect(warning()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Continue my session' }));
    await advance(0);
    expect(requests).toContain('/api/v1/session/extend');
    expect(warning()).toBeNull();
    // A whole new session from now.
    await advance(TTL_MS - WARNING_MS - 1000);
    expect(warning()).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('goes to the session-expired page when the session ends, and stays quiet there', async () => {
    await renderAt('/');
    await advance(TTL_MS);
    expect(currentPath()).toBe('/session-expired');
    expect(warning()).toBeNull();
    await advance(2 * TTL_MS);
    expect(currentPath()).toBe('/session-expired');
    expect(warning()).toBeNull();
  });

  it.each(['/choose-product', '/error', '/session-expired'])('never warns nor expires on %s', async (path) => {
    await renderAt(path);
    await advance(TTL_MS - WARNING_MS + 1000);
    expect(warning()).toBeNull();
    await advance(2 * TTL_MS);
    expect(warning()).toBeNull();
    expect(currentPath()).toBe(path);
  });

  it('a tab coming back after the session ended goes straight to the session-expired page', async () => {
    await renderAt('/');
    await advance(MINUTE);
    // In the background timers stand still while the time of day moves on.
    vi.setSystemTime(Date.now() + TTL_MS);
    expect(currentPath()).toBe('/');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(currentPath()).toBe('/session-expired');
  });

  it('an applicant who is using the page gets a heartbeat every 5 minutes, which slides the session', async () => {
    await renderAt('/');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await advance(5 * MINUTE);
    expect(requests.filter((path) => path === '/api/session/heartbeat')).toHaveLength(1);
    // Idle from now on: no more heartbeats, and the warning comes 13 minutes after the last one.
    await advance(13 * MINUTE - 1000);
    expect(requests.filter((path) => path === '/api/session/heartbeat')).toHaveLength(1);
    expect(warning()).toBeNull();
    await advance(1000);
    expect(warning()).not.toBeNull();
  });
});
