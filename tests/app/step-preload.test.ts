/**
 * Issue 26: a step whose chunk has arrived renders at once (no lazy component, no Suspense reveal),
 * and while a step shows, the chunks of the steps that can follow it load.
 */
import { describe, expect, it } from 'vitest';
import type { VariantFacts } from '../../core/domain/step-variants';
import { loadedStepScreen, loadStepView, preloadStep } from '../../src/app/step-loader';
import { preloadNextSteps } from '../../src/app/step-preload';

const LV: VariantFacts = { country: 'LV', role: 'APPLICANT', channel: null, corporate: false };
const EE: VariantFacts = { country: 'EE', role: 'APPLICANT', channel: null, corporate: false };

describe('step screens without a wait (issue 26)', () => {
  it('hands out the loaded screen itself once its chunk is there, and none before', async () => {
    expect(loadedStepScreen('submitEmployerInfo', 'default')).toBeUndefined();
    const module = await loadStepView('submitEmployerInfo', 'default');
    expect(loadedStepScreen('submitEmployerInfo', 'default')).toBe(module.default);
  });

  it('preloads the views of the steps that can follow, in the applicant’s variant', async () => {
    expect(loadedStepScreen('submitAddress', 'default')).toBeUndefined();
    expect(loadedStepScreen('submitEmployerInfo', 'lv')).toBeUndefined();
    await preloadNextSteps('submitBackgroundData', (next) => preloadStep(next, LV));
    expect(loadedStepScreen('submitAddress', 'lv')).toBeDefined();
    expect(loadedStepScreen('submitEmployerInfo', 'lv')).toBeDefined();
    expect(loadedStepScreen('submitAddress', 'default')).toBeUndefined();
    // Nothing beyond the next steps.
    expect(loadedStepScreen('submitFinancialData', 'default')).toBeUndefined();
  });

  it('preloads nothing after a page that ends the flow, or an unknown task', async () => {
    await preloadNextSteps('viewThankYouPage', (next) => preloadStep(next, EE));
    await preloadNextSteps('noSuchTask', (next) => preloadStep(next, EE));
    expect(loadedStepScreen('checkAnswers', 'default')).toBeUndefined();
  });
});
