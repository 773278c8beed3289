/**
 * Issue 21 (docs/decisions/169): with CAPTCHA_ENABLED=true the first step asks the captcha
 * provider's widget (here the captcha simulator's, loaded from its own origin, which the page's CSP
 * allows) for a token before the application is created, and sends it with the create call. Against
 * the real built app, server and simulator: no mocked network. (Refused tokens: tests/server/captcha.test.ts
 * on the API, src/features/captcha/captcha-check.test.tsx for the widget and the message.)
 */
import { test, expect, expectNoA11yViolations } from './fixtures';
import { createApplicationStep, dismissCalculator, externalIdOf, fillCreateApplicationStep, nextStepHeading } from './support/create-application';

test.describe('captcha on (the simulator)', () => {
  test.use({ serverEnv: { CAPTCHA_ENABLED: 'true' } });

  test('the applicant ticks the box and the application is created with its token; the next step follows', async ({ page }) => {
    const created = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/application-process');
    await page.goto('/?lang=en');
    const step = createApplicationStep(page, 'en');
    await expect(step.heading).toBeVisible();
    await dismissCalculator(page);
    const widget = page.getByRole('group', { name: 'Before we start your application, please confirm that you are not a robot.' });
    const box = widget.getByRole('checkbox', { name: 'I am not a robot' });
    await expect(box).toBeVisible();
    await expectNoA11yViolations(page, 'create-application step with the captcha');

    await fillCreateApplicationStep(step);
    // Nothing is created before the box is ticked: Continue says what is missing.
    await step.continueButton.click();
    await expect(widget.getByRole('alert')).toHaveText('Tick the box to confirm that you are not a robot, then continue. Your answers are kept.');
    await expectNoA11yViolations(page, 'create-application step waiting for the captcha');
    await box.check();

    expect((await created).headers()['x-captcha-token']).toMatch(/^sim\./);
    await externalIdOf(page);
    await expect(nextStepHeading(page, 'en')).toBeVisible();
  });
});
