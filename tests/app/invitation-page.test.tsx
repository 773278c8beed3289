/**
 * The invitation page (issue 11): a co-borrower opens `/invitation/<token>`; the token is spent
 * once (POST /api/v1/invitations/accept) and the app continues the application in the co-borrower
 * role, the token gone from the address; a used, expired or unknown link says whom to ask; a
 * failure of the network or the server offers to try again (the token was not spent). The network
 * is a stubbed `fetch` playing the reference server; the page runs with its real machine and client.
 */
import { StrictMode, type ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../src/api/client';
import { LocaleContext } from '../../src/app/locale-context';
import { InvitationPage } from '../../src/app/pages/invitation-page';
import type { Locale } from '../../core/domain/languages';
import { activateLocale } from '../../src/i18n/i18n';
import { RuntimeConfigContext } from '../../src/steps/_kit/runtime-config-context';
import { expectNoAxeViolations } from '../support/axe';
import { runtimeConfigFor } from '../support/render-step';
import { renderWithI18n } from '../components/render-with-i18n';

const TOKEN = 'q8Zr0n1pX2vS3tU4wY5aB6cD7eF8gH9iJ0kL1mN2oP3';

/** How the stubbed server answers POST /api/v1/invitations/accept, one reply per call. */
type Reply = { status: number; body: unknown } | 'pending';

let replies: Reply[];
let accepted: { token: unknown }[];

beforeEach(() => {
  replies = [];
  accepted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://solis.test').pathname;
      if (path !== '/api/v1/invitations/accept' || (init?.method ?? 'GET') !== 'POST') return new Response('{}', { status: 404 });
      accepted.push(JSON.parse(String(init?.body ?? '{}')) as { token: unknown });
      const reply = replies.shift() ?? { status: 500, body: { error: { code: 'INTERNAL', message: 'No reply scripted' } } };
      if (reply === 'pending') return new Promise<Response>(() => {});
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const OK = { status: 200, body: { data: { externalId: 'app-7' } } };
const NOT_FOUND = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
const SERVER_ERROR = { status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Frame({ children, locale }: { children: ReactNode; locale: Locale }) {
  return (
    <RuntimeConfigContext.Provider value={runtimeConfigFor('retail-banking-ee')}>
      <LocaleContext.Provider value={{ locale, setLocale: () => {} }}>{children}</LocaleContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}

async function openInvitation(options: { locale?: Locale; strict?: boolean } = {}) {
  const locale = options.locale ?? 'en';
  await activateLocale(locale);
  const app = (
    <Frame locale={locale}>
      <MemoryRouter initialEntries={['/start', `/invitation/${TOKEN}`]} initialIndex={1}>
        <Routes>
          <Route path="/invitation/:token" element={<InvitationPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Frame>
  );
  const view = renderWithI18n(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { view, user: userEvent.setup() };
}

describe('InvitationPage', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('says it is opening the invitation while the token is exchanged', async () => {
    replies = ['pending'];
    await openInvitation();
    // The page's own status (the cookie banner, when its chunk is already there, has another).
    expect((await screen.findByText('Opening your invitation…')).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(accepted).toEqual([{ token: TOKEN }]));
  });

  it.each([false, true])('spends the token once and continues the application as the co-borrower, the token gone from the address (StrictMode %s)', async (strict) => {
    replies = [OK];
    await openInvitation({ strict });
    expect((await screen.findByTestId('where')).textContent).toBe('/?externalId=app-7&role=coborrower&lang=en');
    expect(accepted).toEqual([{ token: TOKEN }]);
  });

  it('continues as the applicant when the link is the applicant’s own (a partner’s or broker’s server made the application, decision 188)', async () => {
    replies = [{ status: 200, body: { data: { externalId: 'app-8', role: 'APPLICANT' } } }];
    await openInvitation();
    expect((await screen.findByTestId('where')).textContent).toBe('/?externalId=app-8&role=applicant&lang=en');
  });

  it('continues in the language the co-borrower reads', async () => {
    replies = [OK];
    await openInvitation({ locale: 'ru' });
    expect((await screen.findByTestId('where')).textContent).toBe('/?externalId=app-7&role=coborrower&lang=ru');
  });

  it('says a used, expired or unknown link cannot be used and whom to ask, without a retry, and passes axe', async () => {
    replies = [NOT_FOUND];
    const { view } = await openInvitation();
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation link cannot be used' })).toBeTruthy();
    expect(screen.getByText(/Ask the person who added you to the application to send you a new one\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply for a loan yourself' }).getAttribute('href')).toBe('/?lang=en');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(accepted).toHaveLength(1);
    await expectNoAxeViolations(view.container);
  });

  it('offers to try again after a failure, since the link was not spent, and then continues', async () => {
    replies = [SERVER_ERROR, OK];
    const { user, view } = await openInvitation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('We could not open your invitation. The link still works; please try again in a moment.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/?externalId=app-7&role=coborrower&lang=en');
    expect(accepted).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it('says an applicant’s expired link has expired and leads to the resume page (decision 195), and passes axe', async () => {
    replies = [{ status: 410, body: { error: { code: 'LINK_EXPIRED', message: 'This link has expired.' } } }];
    const { view } = await openInvitation();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
    expect(screen.getByText(/Your answers are kept: ask for a new link, or log in to continue\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your application' }).getAttribute('href')).toBe('/resume?lang=en');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('refuses another person’s link with its own page, in the reader’s language (decision 195)', async () => {
    replies = [{ status: 403, body: { error: { code: 'LINK_FOR_ANOTHER_PERSON', message: 'Not yours.' } } }];
    const { view } = await openInvitation({ locale: 'lv' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Šī saite ir uz kāda cita pieteikumu' })).toBeTruthy();
    expect(screen.getByText(/Saite joprojām darbojas\./)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('tells a Lithuanian reader in Lithuanian that the link cannot be used', async () => {
    replies = [NOT_FOUND];
    await openInvitation({ locale: 'lt' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Šios kvietimo nuorodos naudoti negalima' })).toBeTruthy();
  });
});
