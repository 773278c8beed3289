/**
 * The resume page (issue 26 item 2; decision 195): `/resume` first asks whether this session's login
 * found an open application and continues it; else it offers the country's login methods (links to
 * the bank's login service that come back here) and a one-time link by e-mail, asked with the
 * personal code and the address, checked by the first page's rules, with an error summary. The
 * answer says "if" (nobody learns whose application exists); too many requests say to wait. The
 * network is a stubbed `fetch` playing the reference server; the page runs with its real machine.
 */
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../src/api/client';
import { LocaleContext } from '../../src/app/locale-context';
import { ResumePage } from '../../src/app/pages/resume-page';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import { activateLocale } from '../../src/i18n/i18n';
import { RuntimeConfigContext } from '../../src/steps/_kit/runtime-config-context';
import { expectNoAxeViolations } from '../support/axe';
import { runtimeConfigFor } from '../support/render-step';
import { renderWithI18n } from '../components/render-with-i18n';

type Reply = { status: number; body: unknown };

let loginReplies: Reply[];
let linkReplies: Reply[];
let linkRequests: unknown[];

const json = (reply: Reply) => new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  loginReplies = [];
  linkReplies = [];
  linkRequests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://solis.test').pathname;
      if (path === '/api/v1/resume/login') return json(loginReplies.shift() ?? { status: 200, body: { data: { authenticated: false, externalId: null } } });
      if (path === '/api/v1/resume/link') {
        linkRequests.push(JSON.parse(String(init?.body ?? '{}')));
        return json(linkReplies.shift() ?? { status: 202, body: { data: { accepted: true, expiresInMinutes: 60 } } });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetApiClient();
  await activateLocale('en');
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Frame({ children, locale, domain }: { children: ReactNode; locale: Locale; domain: BusinessDomain }) {
  return (
    <RuntimeConfigContext.Provider value={runtimeConfigFor(domain)}>
      <LocaleContext.Provider value={{ locale, setLocale: () => {} }}>{children}</LocaleContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}

async function openResume(options: { locale?: Locale; domain?: BusinessDomain; search?: string } = {}) {
  const locale = options.locale ?? 'en';
  await activateLocale(locale);
  const view = renderWithI18n(
    <Frame locale={locale} domain={options.domain ?? 'retail-banking-ee'}>
      <MemoryRouter initialEntries={[`/resume${options.search ?? ''}`]}>
        <Routes>
          <Route path="/resume" element={<ResumePage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Frame>,
  );
  return { view, user: userEvent.setup() };
}

describe('ResumePage', () => {
  it('back from a login that found the application, continues it at its current step in the page’s language', async () => {
    loginReplies = [{ status: 200, body: { data: { authenticated: true, externalId: 'app-9' } } }];
    await openResume({ locale: 'et', search: '?lang=et' });
    expect((await screen.findByTestId('where')).textContent).toBe('/?externalId=app-9&lang=et');
  });

  it('offers the country’s login methods, coming back to this page, and the link by e-mail; passes axe', async () => {
    const { view } = await openResume({ domain: 'retail-banking-lv' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Continue your application' })).toBeTruthy();
    const methods = screen.getAllByRole('link', { name: /^Log in with / });
    expect(methods.map((link) => link.textContent)).toEqual(['Log in with Smart-ID', 'Log in with ID card', 'Log in with Internet bank']);
    const href = new URL(methods[0]!.getAttribute('href')!, 'http://solis.test');
    expect(href.pathname).toBe('/auth/public-sso');
    expect(href.searchParams.get('method')).toBe('SMART_ID');
    expect(new URL(href.searchParams.get('originalUrl')!).pathname).toBe('/resume');
    expect(screen.getByRole('textbox', { name: 'Personal code' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('checks the fields by the first page’s rules before asking, with an error summary that names them', async () => {
    const { user, view } = await openResume();
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    const summary = (await screen.findByRole('heading', { level: 2, name: 'There is a problem' })).closest('.solis-error-summary')!;
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('Enter your personal code');
    expect(summary.textContent).toContain('Enter your e-mail address');
    expect(linkRequests).toEqual([]);
    await expectNoAxeViolations(view.container);
  });

  it('asks for a link and says, with an “if”, where it went and how long it works; another can be asked', async () => {
    const { user } = await openResume();
    await user.type(await screen.findByRole('textbox', { name: 'Personal code' }), '38001085718');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari.maasikas@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    const status = await screen.findByText(/we have sent a link to it/);
    expect(status.textContent).toContain('If an application in progress has this personal code and the e-mail address mari.maasikas@example.com');
    expect(status.textContent).toContain('The link works once, for 60 minutes.');
    expect(linkRequests).toEqual([{ personalCode: '38001085718', email: 'mari.maasikas@example.com', language: 'en' }]);
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(await screen.findByRole('button', { name: 'Send me a link' })).toBeTruthy();
  });

  it('shows the server’s check of the personal code and the address on their fields', async () => {
    linkReplies = [
      {
        status: 422,
        body: { error: { code: 'VALIDATION_FAILED', message: 'The request is invalid.', fieldErrors: { personalCode: ['validation.messages.personalCodeInvalid'], email: ['validation.messages.emailInvalid'] } } },
      },
    ];
    const { user } = await openResume();
    await user.type(await screen.findByRole('textbox', { name: 'Personal code' }), '38001085719');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari@example');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    const summary = (await screen.findByRole('heading', { level: 2, name: 'There is a problem' })).closest('.solis-error-summary')!;
    expect(summary.querySelectorAll('a')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Personal code' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says to wait after too many requests', async () => {
    linkReplies = [{ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many link requests' } } }];
    const { user } = await openResume();
    await user.type(await screen.findByRole('textbox', { name: 'Personal code' }), '38001085718');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari.maasikas@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('You have asked for several links in a short time. Please wait an hour, or log in instead.')).toBeTruthy();
  });

  it('says in Russian when the person who logged in has no application in progress', async () => {
    loginReplies = [{ status: 200, body: { data: { authenticated: true, externalId: null } } }];
    await openResume({ locale: 'ru' });
    expect(await screen.findByText(/Мы не нашли незавершённой заявки/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Продолжите свою заявку' })).toBeTruthy());
  });
});
