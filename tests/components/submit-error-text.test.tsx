import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../core/domain/app-error';
import { SubmitErrorText } from '../../src/steps/_kit/step-feedback';
import { renderWithI18n } from './render-with-i18n';

/** Issue 2: a submit error says what happened, and that the answers are kept where they are. */
describe('SubmitErrorText', () => {
  const cases: [AppError, RegExp][] = [
    [{ kind: 'network', message: 'x' }, /We could not reach the bank\. .*your answers are kept/],
    [{ kind: 'timeout', message: 'x' }, /The bank did not answer in time/],
    [{ kind: 'conflict', message: 'x' }, /changed in another window/],
    [{ kind: 'server', message: 'x', status: 500, code: 'INTERNAL' }, /^Something went wrong on our side\. Your answers are kept/],
    // A provider that failed on a step's submit (decision 166: signing and identification say it in their own words).
    [{ kind: 'server', message: 'x', status: 503, code: 'PROVIDER_UNAVAILABLE' }, /Your answers are kept; please continue again in a moment/],
  ];
  it.each(cases)('%o', (error, text) => {
    renderWithI18n(<SubmitErrorText error={error} />);
    expect(document.body.textContent).toMatch(text);
    expect(screen.queryByText(/undefined/)).toBeNull();
  });
});
