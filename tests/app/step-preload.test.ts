/**
 * Issue 26: a step whose chunk has arrived renders at once (no lazy component, no Suspense reveal),
 * and while a step shows, the chunks of the steps that can follow it load.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VariantFacts } from '../../core/domain/step-variants';
import { loadedStepScreen, loadStepView, preloadStep } from '../../src/app/step-loader';
import { nextStepsOf, preloadNextSteps, preloadWhenIdle } from '../../src/app/step-preload';

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

describe('preloading after the step is painted (decision 198)', () => {
  /** Frame and idle callbacks held until the test runs them, as a browser would between paints. */
  function browserQueues() {
    const frames: FrameRequestCallback[] = [];
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => void frames.splice(id - 1, 1, () => undefined));
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (id: number) => void idle.splice(id - 1, 1, () => undefined));
    return { frames, idle };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for nothing in the step’s first frame, then everything once the browser is idle after the paint', async () => {
    const { frames, idle } = browserQueues();
    const loaded: string[] = [];
    preloadWhenIdle('submitBackgroundData', async (next) => void loaded.push(next));
    expect(idle).toHaveLength(0);
    frames.shift()!(0);
    // The task queued by the frame callback runs after the paint.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()!({ didTimeout: false, timeRemaining: () => 50 });
    expect(loaded.sort()).toEqual([...nextStepsOf('submitBackgroundData')].sort());
  });

  it('asks for nothing when the step changes before its first frame', async () => {
    const { frames, idle } = browserQueues();
    const loaded: string[] = [];
    const cancel = preloadWhenIdle('submitBackgroundData', async (next) => void loaded.push(next));
    cancel();
    frames.forEach((frame) => frame(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    idle.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
    expect(loaded).toEqual([]);
  });
});
