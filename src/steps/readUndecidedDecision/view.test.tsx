import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: { outcome: 'UNDECIDED' } });

describe('ReadUndecidedDecision', () => {
  it('says a loan specialist decides, may ask for more, and nothing is needed now; passes axe', async () => {
    const { view } = await renderStep('readUndecidedDecision', { task: TASK });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'A loan specialist will decide on your application' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('Your application has been sent. We could not decide on it automatically, so one of our loan specialists will assess it.')).toBeTruthy();
    expect(screen.getByText(/for example a bank statement, they will contact you\./)).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('tells a co-borrower that both will hear', async () => {
    await renderStep('readUndecidedDecision', { role: 'COBORROWER', task: TASK });
    expect(screen.getByText(/they will contact you or the main applicant\. We will tell you both/)).toBeTruthy();
  });

  it('while an underwriter reviews it (decision 173): when the answer comes, and that the page moves on by itself; passes axe', async () => {
    const { view } = await renderStep('readUndecidedDecision', { task: { ...TASK, awaitingCheck: 'UNDERWRITER_REVIEW' } });
    expect(screen.getByRole('heading', { level: 1, name: 'A loan specialist will decide on your application' })).toBeTruthy();
    expect(screen.getByText('Your application has been sent. We could not decide on it automatically, so an underwriter is now assessing it.')).toBeTruthy();
    expect(screen.getByText('This usually takes a few hours during working hours, at most one working day. If it takes longer, a loan specialist will contact you.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'This page moves on by itself when the underwriter has decided: you will see your final offer or our decision here. You can also close it: we will let you know by e-mail.',
    );
    expect(screen.queryByText(/one of our loan specialists will assess it/)).toBeNull();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('once a loan specialist has it, the page does not say it moves on', async () => {
    await renderStep('readUndecidedDecision', { task: { ...TASK, awaitingCheck: null } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['et', 'seega hindab seda nüüd krediidianalüütik.'],
    ['lv', 'tāpēc to tagad izvērtē kredītanalītiķis.'],
    ['lt', 'todėl ją dabar vertina kredito analitikas.'],
    ['ru', 'поэтому сейчас её рассматривает кредитный аналитик.'],
  ] as const)('speaks %s while the underwriter reviews it', async (locale, words) => {
    const { view } = await renderStep('readUndecidedDecision', { locale, task: { ...TASK, awaitingCheck: 'UNDERWRITER_REVIEW' } });
    expect(screen.getByText(new RegExp(`${words}$`))).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', 'Teie taotluse üle otsustab laenuspetsialist'],
    ['lv', 'Par Jūsu pieteikumu lems kredītu speciālists'],
    ['lt', 'Dėl Jūsų paraiškos spręs paskolų specialistas'],
    ['ru', 'Решение по Вашей заявке примет кредитный специалист'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('readUndecidedDecision', locale, heading, { task: TASK }));
});
