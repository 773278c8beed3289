/**
 * Issue 25 item 3 (docs/decisions/190): the cookie banner where no consent is asked. Keyboard only,
 * focus where a person expects it, nothing stored before a choice, a refusal that stores nothing but
 * the choice, a withdrawal from the footer, and the texts in every language.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CookieConsent from '../../src/app/cookie-consent';
import { COOKIE_SETTINGS_EVENT, CookieBanner } from '../../src/features/analytics/cookie-banner';
import { rememberedConsent } from '../../src/features/analytics/consent-cookie';
import { activateLocale } from '../../src/i18n/i18n';
import { expectNoAxeViolations } from '../support/axe';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

function page(props: { taskKey?: string } = {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <main id="main-content" tabIndex={-1}>
        <h1>Apply for a loan</h1>
      </main>
      <CookieConsent {...props} />
      <footer>
        <button type="button" onClick={() => window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))}>
          Cookie settings
        </button>
      </footer>
    </I18nProvider>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookies and analytics' });

beforeEach(async () => {
  await activateLocale('en');
  clearCookies();
});
afterEach(clearCookies);

describe('the cookie banner', () => {
  it('shows where no choice is remembered, stores nothing before one, and passes axe', async () => {
    const { container } = page({ taskKey: 'submitPersonalInfo' });
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Accept analytics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refuse analytics' })).toBeTruthy();
    expect(document.cookie).toBe('');
    await expectNoAxeViolations(container);
  });

  it('is not shown on a step that asks the marketing consent: its answer is the choice there', () => {
    page({ taskKey: 'createApplicationStep' });
    expect(banner()).toBeNull();
  });

  it('accept and refuse are two buttons of the same style, reached in order with Tab', async () => {
    const user = userEvent.setup();
    page();
    const accept = screen.getByRole('button', { name: 'Accept analytics' });
    const refuse = screen.getByRole('button', { name: 'Refuse analytics' });
    expect(accept.className).toBe(refuse.className);
    await user.tab();
    expect(document.activeElement).toBe(accept);
    await user.tab();
    expect(document.activeElement).toBe(refuse);
  });

  it('a refusal by keyboard remembers only the choice, closes the banner and moves focus to the main content', async () => {
    const user = userEvent.setup();
    page();
    screen.getByRole('button', { name: 'Refuse analytics' }).focus();
    await user.keyboard('{Enter}');
    expect(banner()).toBeNull();
    expect(rememberedConsent()).toMatchObject({ choice: 'refused', basis: 'cookieBanner' });
    expect(document.cookie.split(';').map((part) => part.split('=')[0]?.trim())).toEqual(['solis_consent']);
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(screen.getByRole('status').textContent).toBe('Your cookie choice has been saved.');
  });

  it('“Cookie settings” opens it again with focus on its heading and the choice so far; the new choice returns focus to the button', async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Refuse analytics' }));
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Cookies and analytics' })));
    expect(screen.getByText('You have refused analytics.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept analytics' }));
    expect(rememberedConsent()).toMatchObject({ choice: 'granted', basis: 'cookieBanner' });
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(settings);
  });

  it('a withdrawal removes what analytics wrote in the browser', async () => {
    const user = userEvent.setup();
    document.cookie = 'solis_consent=granted.cookieBanner.1764331200000; Path=/';
    document.cookie = 'solis_aid=0f8fad5b-d9cb-469f-a165-70867728950e; Path=/';
    document.cookie = `solis_adclick=gclid.abc.${Date.now()}; Path=/`;
    page();
    expect(banner()).toBeNull();
    act(() => {
      window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT));
    });
    expect(screen.getByText('You have accepted analytics.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refuse analytics' }));
    expect(document.cookie).not.toContain('solis_aid');
    expect(document.cookie).not.toContain('solis_adclick');
    expect(rememberedConsent()?.choice).toBe('refused');
  });
});

describe('its texts', () => {
  it.each([
    ['et', 'Küpsised ja analüütika', 'Nõustun analüütikaga', 'Keeldun analüütikast'],
    ['lv', 'Sīkdatnes un analītika', 'Piekrītu analītikai', 'Atsakos no analītikas'],
    ['lt', 'Slapukai ir analitika', 'Sutinku su analitika', 'Atsisakau analitikos'],
    ['ru', 'Файлы cookie и аналитика', 'Принять аналитику', 'Отказаться от аналитики'],
  ] as const)('in %s', async (locale, heading, accept, refuse) => {
    await activateLocale(locale);
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <CookieBanner current="granted" onChoose={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByRole('region', { name: heading })).toBeTruthy();
    expect(screen.getByRole('button', { name: accept })).toBeTruthy();
    expect(screen.getByRole('button', { name: refuse })).toBeTruthy();
    expect(container.textContent).not.toMatch(/analytics|consent/);
    await activateLocale('en');
  });
});
