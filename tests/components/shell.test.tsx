import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppHeader } from '../../src/components/app-header';
import { ErrorPage } from '../../src/components/error-page';
import { LanguageSwitch } from '../../src/components/language-switch';
import { LoadingPage } from '../../src/components/loading-page';
import { PageHeading } from '../../src/components/page-heading';
import { ProgressBar } from '../../src/components/progress-bar';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

describe('LanguageSwitch', () => {
  it('names each language in itself, marks the current one and switches on click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithI18n(<LanguageSwitch locales={['en', 'et', 'lv', 'lt', 'ru']} current="et" onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Language' });
    expect(within(nav).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['English', 'Eesti', 'Latviešu', 'Lietuvių', 'Русский']);
    const current = within(nav).getByText('Eesti');
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.getAttribute('lang')).toBe('et');
    expect(within(nav).queryByRole('button', { name: 'Eesti' })).toBeNull();
    const russian = within(nav).getByRole('button', { name: 'Русский' });
    expect(russian.getAttribute('lang')).toBe('ru');
    await user.click(russian);
    expect(onChange).toHaveBeenCalledWith('ru');
    await expectNoAxeViolations(container);
  });

  it('renders nothing when there is only one language', () => {
    renderWithI18n(<LanguageSwitch locales={['lt']} current="lt" onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('AppHeader', () => {
  it('has a skip link, a home link, the language switch and the progress', async () => {
    const { container } = renderWithI18n(
      <>
        <AppHeader homeHref="https://www.example.ee/et" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} progress={30} />
        <main id="main-content">
          <h1>Step</h1>
        </main>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Solis – home page' }).getAttribute('href')).toBe('https://www.example.ee/et');
    expect(within(banner).getByRole('button', { name: 'Русский' })).toBeTruthy();
    expect(within(banner).getByRole('progressbar', { name: 'Application progress' })).toHaveProperty('value', 30);
    await expectNoAxeViolations(container);
  });

  it('shows the amount applied for when given, and none otherwise', () => {
    const { rerender } = renderWithI18n(
      <AppHeader homeHref="/" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} progress={30} loanAmount="5 000 €" />,
    );
    expect(screen.getByRole('banner').textContent).toContain('Loan amount: 5 000 €');
    rerender(<AppHeader homeHref="/" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} progress={30} />);
    expect(screen.getByRole('banner').textContent).not.toContain('Loan amount');
  });

  it('hides the navigation when embedded and the progress when not given', () => {
    renderWithI18n(<AppHeader homeHref="/" locales={['et', 'ru']} currentLocale="et" onLocaleChange={vi.fn()} showNavigation={false} />);
    expect(screen.queryByRole('link', { name: 'Solis – home page' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('ProgressBar', () => {
  it.each([
    [45, 45],
    [120, 99],
    [-5, 0],
    [Number.NaN, 0],
  ])('shows %s as %s', (value, shown) => {
    renderWithI18n(<ProgressBar value={value} />);
    const bar = screen.getByRole('progressbar', { name: 'Application progress' });
    expect(bar).toHaveProperty('value', shown);
    expect(bar.getAttribute('max')).toBe('100');
  });
});

describe('PageHeading', () => {
  it('takes focus when it mounts and announces the title', async () => {
    vi.useFakeTimers();
    try {
      renderWithI18n(<PageHeading focusKey="createApplicationStep">Your loan</PageHeading>);
      const heading = screen.getByRole('heading', { level: 1, name: 'Your loan' });
      expect(document.activeElement).toBe(heading);
      expect(heading.getAttribute('tabindex')).toBe('-1');
      await act(() => vi.advanceTimersByTimeAsync(200));
      const live = document.querySelector('[aria-live="polite"]');
      expect(live?.textContent).toBe('Your loan');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes focus again when the step changes, not on a re-render of the same step', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithI18n(
      <>
        <PageHeading focusKey="a">First step</PageHeading>
        <input aria-label="Name" autoComplete="name" inputMode="text" />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    rerender(
      <>
        <PageHeading focusKey="a">First step</PageHeading>
        <input aria-label="Name" autoComplete="name" inputMode="text" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    rerender(
      <>
        <PageHeading focusKey="b">Second step</PageHeading>
        <input aria-label="Name" autoComplete="name" inputMode="text" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Second step' }));
  });

  it('leaves focus alone on the landing page, also under StrictMode', () => {
    renderWithI18n(
      <StrictMode>
        <PageHeading focusKey="createApplicationStep" focusOnMount={false}>
          Welcome
        </PageHeading>
      </StrictMode>,
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('under StrictMode still focuses a new step once', () => {
    const { rerender } = renderWithI18n(
      <StrictMode>
        <PageHeading focusKey="a" focusOnMount={false}>
          First step
        </PageHeading>
      </StrictMode>,
    );
    expect(document.activeElement).toBe(document.body);
    rerender(
      <StrictMode>
        <PageHeading focusKey="b" focusOnMount={false}>
          Second step
        </PageHeading>
      </StrictMode>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Second step' }));
  });

  it('shows a caption inside the heading', () => {
    renderWithI18n(<PageHeading caption="Small loan">About you</PageHeading>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Small loanAbout you');
  });
});

describe('ErrorPage', () => {
  it('shows title, description, a decorative icon and the home button', async () => {
    const { container } = renderWithI18n(<ErrorPage title="Page not found" description="Check the address." icon="not-found" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Check the address.')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await expectNoAxeViolations(container);
  });

  it('hides the home button when embedded', () => {
    renderWithI18n(<ErrorPage title="Session expired" description="Start again." icon="clock" showHomeButton={false} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('LoadingPage', () => {
  it('announces loading politely', async () => {
    const { container } = renderWithI18n(<LoadingPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await expectNoAxeViolations(container);
  });
});
