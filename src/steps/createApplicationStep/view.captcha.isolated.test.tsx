/**
 * Where the step creates an application with a captcha (issue 21, decision 169), the captcha's place
 * is kept while its code (a chunk of its own) loads, so Continue under it does not move when the code
 * comes (decision 244, after decision 238's moving button). An isolated test file
 * (`*.isolated.test.tsx`, Vitest project `dom-isolated`, decision 243): it replaces a module, which
 * the other component tests, sharing their worker's modules (decision 200), must not see.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The captcha widget's code arrives when the test says so. */
const captchaCode = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
// A stand-in for the widget once its code is in: the real one would fetch the provider's script,
// which no component test may do.
vi.mock('../../features/captcha/captcha-check', async () => {
  await captchaCode.arrived;
  const { createElement } = await import('react');
  return { CaptchaCheck: () => createElement('div', { role: 'group', 'aria-label': 'The provider’s widget' }) };
});

const LABEL = 'Before we start your application, please confirm that you are not a robot.';

describe('createApplicationStep: the captcha loading', () => {
  it('keeps the captcha’s place above Continue while its code loads, announcing it, so Continue does not move when it comes', async () => {
    vi.resetModules();
    const { renderStep } = await import('../../../tests/support/render-step');
    const { configureCaptcha } = await import('../../features/captcha/captcha-settings');
    const { resetApiClient } = await import('../../api/client');
    configureCaptcha({ scriptUrl: 'https://captcha.example/api.js', siteKey: 'component-test-key' });
    try {
      const { user } = await renderStep('createApplicationStep');
      // The calculator modal opens with the step (section 2); closed, the page behind is the person's again.
      const dialog = await screen.findByRole('dialog', { name: 'Loan calculator' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      const place = screen.getByRole('group', { name: LABEL });
      expect(within(place).getByRole('status').textContent).toBe(' Loading…');
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(place.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      captchaCode.release();
      const widget = await screen.findByRole('group', { name: 'The provider’s widget' });
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(widget.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      captchaCode.release();
      configureCaptcha(null);
      resetApiClient();
    }
  });
});
