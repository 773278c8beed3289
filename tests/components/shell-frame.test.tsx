import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppFooter } from '../../src/components/app-footer';
import { AppHeader } from '../../src/components/app-header';
import { ErrorBoundary } from '../../src/app/error-boundary';
import { CONTACTS } from '../../core/domain/contacts';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

describe('AppFooter', () => {
  it('shows the phone, e-mail, information links and social links of the country and language', async () => {
    const { container } = renderWithI18n(<AppFooter contacts={CONTACTS.LV.lv!} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '+371 6700 4400' }).getAttribute('href')).toBe('tel:+37167004400');
    expect(within(footer).getByRole('link', { name: 'info.lv@solis.example' }).getAttribute('href')).toBe('mailto:info.lv@solis.example');
    const information = within(footer).getByRole('navigation', { name: 'Information' });
    expect(within(information).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://www.solis.example/lv/lv/kontakti',
      'https://www.solis.example/lv/lv/noteikumi',
      'https://www.solis.example/lv/lv/sikdatnes',
    ]);
    expect(within(footer).getByRole('link', { name: 'Facebook' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

describe('the demonstration marker (issue 21)', () => {
  it('says in the footer that nothing is really signed, and links to the simulated providers in a new tab, when the server simulates them', async () => {
    const { container, rerender } = renderWithI18n(<AppFooter contacts={CONTACTS.EE.et!} simulatorsUrl="http://127.0.0.1:41234" />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Demonstration: no real signing or bank access.')).toBeTruthy();
    const link = within(footer).getByRole('link', { name: 'Simulated providers (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:41234');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await expectNoAxeViolations(container);
    rerender(<AppFooter contacts={CONTACTS.EE.et!} simulatorsUrl={null} />);
    expect(screen.queryByText('Demonstration: no real signing or bank access.')).toBeNull();
  });
});

describe('AppHeader close button', () => {
  it('is a "Log out" link to the logout address when given, absent otherwise', async () => {
    const { container, rerender } = renderWithI18n(
      <AppHeader homeHref="/" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} logoutHref="/logout?language=et" />,
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout?language=et');
    await expectNoAxeViolations(container);
    rerender(<AppHeader homeHref="/" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} />);
    expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
  });
});

function Broken(): never {
  throw new Error('render failed for mari@example.com');
}

describe('ErrorBoundary', () => {
  it('reports a render error without personal data and shows the 500 page with a way back', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithI18n(
      <ErrorBoundary homeHref="/?lang=en">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/?lang=en');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    const ours = error.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('[solis]'));
    expect(ours).toEqual(['[solis] render error name=Error message="render failed for [email]" path=/']);
    error.mockRestore();
  });
});
