/**
 * Issue 21 (docs/decisions/169): the captcha widget where an application is created. The widget
 * here is the simulator's own script, fetched from the captcha simulator over real HTTP on loopback
 * and run in the page, and its token is checked at the simulator's site-verify, as the server does.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render as renderBare, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaSimulator } from '../../../server/providers/captcha/captcha.simulator';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { CaptchaCheck } from './captcha-check';
import { CaptchaRefused, isCaptchaRefusal } from './captcha-slot';
import { createCaptchaGate, withCaptchaToken } from './captcha-gate';

const SITE = { siteKey: 'component-test-key', secret: 'component-test-secret' };
let host: RunningSimulators;
let scriptUrl: string;

beforeAll(async () => {
  host = await startSimulators((context) => [createCaptchaSimulator(context, SITE)], { unref: true });
  scriptUrl = `${host.origin}/captcha/api.js`;
  // What the page's <script src> would run (jsdom loads no scripts itself).
  new Function(await (await fetch(scriptUrl)).text())();
});
afterAll(async () => {
  delete (window as unknown as Record<string, unknown>)['simcaptcha'];
  await host.close();
});

const render = (element: ReactElement) => renderBare(<I18nProvider i18n={i18n}>{element}</I18nProvider>);

async function siteVerify(token: string): Promise<{ success: boolean; hostname?: string }> {
  const reply = await fetch(`${host.origin}/captcha/siteverify`, { method: 'POST', body: new URLSearchParams({ secret: SITE.secret, response: token }) });
  return (await reply.json()) as { success: boolean; hostname?: string };
}

describe('CaptchaCheck', () => {
  it('shows nothing when no token is asked for', () => {
    const { container } = render(<CaptchaCheck gate={createCaptchaGate()} settings={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('renders the provider’s checkbox; ticking it hands the waiting creation a token the provider accepts once', async () => {
    const gate = createCaptchaGate();
    const user = userEvent.setup();
    const view = render(<CaptchaCheck gate={gate} settings={{ scriptUrl, siteKey: SITE.siteKey }} pending />);
    expect(screen.getByRole('group', { name: 'Before we start your application, please confirm that you are not a robot.' })).toBeTruthy();
    const box = await screen.findByRole('checkbox', { name: 'I am not a robot' });
    await expectNoAxeViolations(view.container);

    // The person pressed Continue before ticking: the creation waits, and the page says why.
    const token = gate.take();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Tick the box to confirm that you are not a robot, then continue. Your answers are kept.');
    await user.click(box);
    const solved = await token;
    expect(solved).toMatch(/^sim\./);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Verified')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    expect(await siteVerify(solved)).toMatchObject({ success: true, hostname: 'localhost' });
    expect(await siteVerify(solved)).toMatchObject({ success: false });
  });

  it('a refused creation resets the widget: the person ticks the box again for a new token', async () => {
    const gate = createCaptchaGate();
    const settings = { scriptUrl, siteKey: SITE.siteKey };
    const user = userEvent.setup();
    render(<CaptchaCheck gate={gate} settings={settings} />);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'I am not a robot' });
    await user.click(box);
    await waitFor(() => expect(screen.getByText('Verified')).toBeTruthy());

    const sent: (string | undefined)[] = [];
    await expect(
      withCaptchaToken(async (captchaToken) => {
        sent.push(captchaToken);
        throw new Error('400 CAPTCHA_FAILED');
      }, undefined, gate, settings),
    ).rejects.toThrow('CAPTCHA_FAILED');
    expect(sent[0]).toMatch(/^sim\./);
    await waitFor(() => expect(box.checked).toBe(false));

    const again = withCaptchaToken(async (captchaToken) => captchaToken, undefined, gate, settings);
    await waitFor(() => expect(gate.waiting).toBe(true));
    await user.click(box);
    const second = await again;
    expect(second).toMatch(/^sim\./);
    expect(second).not.toBe(sent[0]);
  });

  it('a refused token is explained on the step’s button: tick the box again, the answers are kept', () => {
    expect(isCaptchaRefusal({ kind: 'server', status: 400, code: 'CAPTCHA_FAILED', message: 'The captcha was not solved.' })).toBe(true);
    expect(isCaptchaRefusal({ kind: 'server', status: 503, code: 'PROVIDER_UNAVAILABLE', message: '' })).toBe(false);
    expect(isCaptchaRefusal({ kind: 'network', message: '' })).toBe(false);
    render(<CaptchaRefused />);
    expect(screen.getByText('We could not confirm that you are not a robot. Tick the box again and continue; your answers are kept.')).toBeTruthy();
  });

  it('gives up waiting when the creation is abandoned (leaving the step)', async () => {
    const gate = createCaptchaGate();
    const controller = new AbortController();
    const waiting = gate.take(controller.signal);
    expect(gate.waiting).toBe(true);
    act(() => controller.abort());
    await expect(waiting).rejects.toThrow();
    expect(gate.waiting).toBe(false);
  });

  it('says so when the widget cannot be loaded, and tries again', async () => {
    const gate = createCaptchaGate();
    const saved = (window as unknown as Record<string, unknown>)['simcaptcha'];
    delete (window as unknown as Record<string, unknown>)['simcaptcha'];
    try {
      render(<CaptchaCheck gate={gate} settings={{ scriptUrl: `${host.origin}/captcha/missing.js`, siteKey: SITE.siteKey }} />);
      // jsdom loads no script: the script element's error ends the wait.
      const script = document.head.querySelector<HTMLScriptElement>(`script[src="${host.origin}/captcha/missing.js"]`)!;
      act(() => script.dispatchEvent(new Event('error')));
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('The check could not be loaded.'));
      (window as unknown as Record<string, unknown>)['simcaptcha'] = saved;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('checkbox', { name: 'I am not a robot' })).toBeTruthy();
    } finally {
      (window as unknown as Record<string, unknown>)['simcaptcha'] = saved;
    }
  });
});
