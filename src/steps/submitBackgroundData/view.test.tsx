import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, group, summaryOf, typeDate } from '../../../tests/support/step-queries';
import { renderStep, taskFor } from '../../../tests/support/render-step';
import { installModalDialogStandIn } from '../../../tests/support/modal-dialog';

installModalDialogStandIn();

const PEP = /politically exposed person/;
const TOGETHER = 'Do you want to apply together with someone else?';

/** Types a whole answer at once (a paste): what matters here is the answer, not each keystroke. */
async function fill(user: User, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function choose(user: User, question: string | RegExp, answer: string) {
  await user.click(within(group(question)).getByRole('radio', { name: answer }));
}

/** The answers every applicant gives, with no follow-up questions. */
async function answerTheBasics(user: User, options: { citizenship?: string; coApplicant?: boolean } = {}) {
  await choose(user, 'What is your marital status?', 'Married');
  await choose(user, 'What is your highest level of education?', 'Master’s degree');
  await choose(user, 'Where do you live?', 'An apartment I own');
  await choose(user, 'How many children under 18 do you support financially?', '2');
  await choose(user, 'How many adults do you support financially?', 'None');
  await user.selectOptions(screen.getByRole('combobox', { name: 'What is your citizenship?' }), options.citizenship ?? 'Estonia');
  await choose(user, 'What is your employment status?', 'Retired');
  await choose(user, PEP, 'No');
  if (options.coApplicant !== false) await choose(user, TOGETHER, 'No');
}

describe('SubmitBackgroundInfo', () => {
  it('asks the questions of the step with no follow-ups yet, and passes axe', async () => {
    const { view } = await renderStep('submitBackgroundData', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    expect(within(group('How many children under 18 do you support financially?')).getAllByRole('radio').map((radio) => radio.nextSibling?.textContent)).toEqual([
      'None',
      '1',
      '2',
      '3',
      '4',
      '5 or more',
    ]);
    // UNMAPPED is the back end's value, never an answer.
    expect(view.container.querySelector('input[value="UNMAPPED"]')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'What is your other citizenship?' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'What is the name of your employer?' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'What is the public function, and who holds it?' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Co-applicant’s first name' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('refuses an empty form, naming each unanswered question in its own words, in page order', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', { task: {} });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Select your marital status',
      'Select your highest level of education',
      'Select where you live',
      'Select how many children you support',
      'Select how many adults you support',
      'Select your citizenship',
      'Select your employment status',
      'Select yes if you are a politically exposed person, or a family member or close associate of one',
      'Select yes if you want to apply together with someone else',
    ]);
    await user.click(within(summary).getByRole('link', { name: 'Select your marital status' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Single' }));
    expect(submitted).toHaveLength(0);
  });

  it('passes axe with every follow-up question shown', async () => {
    const { user, view } = await renderStep('submitBackgroundData', { task: {} });
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    await choose(user, 'What is your employment status?', 'Employed by a private company');
    await choose(user, PEP, 'Yes');
    await choose(user, TOGETHER, 'Yes');
    expect(screen.getByRole('textbox', { name: 'What is the name of your employer?' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Co-applicant’s first name' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  // The axe check of the follow-ups is the test above: this one, long already, only answers and sends.
  it('asks and sends the follow-ups of each answer: employer, dual citizenship, public function, co-applicant', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', { task: {} });
    await answerTheBasics(user, { coApplicant: false });
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    const dual = screen.getByRole('combobox', { name: 'What is your other citizenship?' }) as HTMLSelectElement;
    // The dual citizenship excludes the main one (section 5).
    expect([...dual.options].map((option) => option.value)).not.toContain('EE');
    await user.selectOptions(dual, 'Finland');
    await choose(user, 'What is your employment status?', 'Employed by a private company');
    await fill(user, screen.getByRole('textbox', { name: 'What is the name of your employer?' }), ' Baltic Timber ');
    await typeDate(user, 'When did you start this work?', '1', '9', '2015');
    await choose(user, 'What is your position level?', 'Senior specialist');
    await choose(user, PEP, 'Yes');
    await fill(user, screen.getByRole('textbox', { name: 'What is the public function, and who holds it?' }), 'My brother is a member of parliament');
    await choose(user, TOGETHER, 'Yes');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s first name' }), 'kristi');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s surname' }), 'tamm');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s e-mail address' }), 'kristi.tamm@example.com');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s phone number' }), '5123 4567');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {
        hasCoApplicant: true,
        coApplicant: { firstName: 'Kristi', surname: 'Tamm', email: 'kristi.tamm@example.com', phoneNumber: { code: '+372', number: '51234567' } },
      },
      personUpdates: [
        {
          role: 'APPLICANT',
          declaredData: {
            maritalStatus: 'MARRIED',
            education: 'HIGHER_MA',
            residenceType: 'PRIVATE_APARTMENT',
            dependants: '2',
            adultDependants: '0',
            expectingChild: false,
            citizenships: ['EE', 'FI'],
            hasDualCitizenship: true,
            employmentType: 'PRIVATE_SECTOR',
            employmentStartDate: '2015-09-01',
            employerName: 'Baltic Timber',
            positionLevel: 'SENIOR_SPECIALIST',
            politicallyExposed: true,
            politicallyExposedComment: 'My brother is a member of parliament',
          },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('sends no follow-up that was not asked, even one typed before the answer changed', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', { task: {} });
    await answerTheBasics(user, { coApplicant: false });
    await choose(user, PEP, 'Yes');
    await fill(user, screen.getByRole('textbox', { name: 'What is the public function, and who holds it?' }), 'Judge');
    await choose(user, PEP, 'No');
    expect(screen.queryByRole('textbox', { name: 'What is the public function, and who holds it?' })).toBeNull();
    await choose(user, TOGETHER, 'Yes');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s first name' }), 'Kristi');
    await choose(user, TOGETHER, 'No');
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is your other citizenship?' }), 'Finland');
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ hasCoApplicant: false });
    expect(submitted[0]?.submission.application.personUpdates[0]).toEqual({
      role: 'APPLICANT',
      declaredData: {
        maritalStatus: 'MARRIED',
        education: 'HIGHER_MA',
        residenceType: 'PRIVATE_APARTMENT',
        dependants: '2',
        adultDependants: '0',
        expectingChild: false,
        citizenships: ['EE'],
        hasDualCitizenship: false,
        employmentType: 'PENSIONER',
        politicallyExposed: false,
      },
    });
  });

  it('checks the follow-ups it asks: the public function, the co-applicant’s details, the work start, the dual citizenship', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', { task: {} });
    await answerTheBasics(user, { coApplicant: false });
    await choose(user, PEP, 'Yes');
    await choose(user, TOGETHER, 'Yes');
    await fill(user, screen.getByRole('textbox', { name: 'Co-applicant’s e-mail address' }), 'kristi@gmail.ee');
    await choose(user, 'What is your employment status?', 'Self-employed');
    // Self-employed: since when, but no employer or position level.
    expect(screen.queryByRole('textbox', { name: 'What is the name of your employer?' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'What is your position level?' })).toBeNull();
    const nextYear = String(new Date().getFullYear() + 1);
    await typeDate(user, 'When did you start this work?', '1', '1', nextYear);
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Select your other citizenship',
      'Enter a date that is today or in the past',
      'Enter the public function and who holds it',
      'Enter the co-applicant’s first name',
      'Enter the co-applicant’s surname',
      'A Gmail address ends in @gmail.com. Check the ending',
      'Enter the co-applicant’s phone number',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('shows a server field error on its field', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.employerName': ['validation.messages.textInvalidCharacters'] },
    };
    const { user } = await renderStep('submitBackgroundData', { task: {}, io: { submit: async () => Promise.reject(rejection) } });
    await answerTheBasics(user);
    await choose(user, 'What is your employment status?', 'Employed in the public sector');
    const employer = screen.getByRole('textbox', { name: 'What is the name of your employer?' });
    await user.type(employer, 'City of Tartu');
    await typeDate(user, 'When did you start this work?', '1', '9', '2015');
    await choose(user, 'What is your position level?', 'Worker');
    await user.click(continueButton());
    await waitFor(() => expect(employer.getAttribute('aria-invalid')).toBe('true'));
    expect(within(await summaryOf()).getByRole('link', { name: /Remove the characters that are not allowed/ })).toBeTruthy();
  });
});

describe('SubmitBackgroundInfo for a co-borrower', () => {
  it('is about the co-borrower, offers no co-applicant, passes axe and sends the answers as the co-borrower’s', async () => {
    const { user, submitted, view } = await renderStep('submitBackgroundData', { role: 'COBORROWER', task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'About you as a co-borrower' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: TOGETHER })).toBeNull();
    await expectNoAxeViolations(view.container);
    await answerTheBasics(user, { coApplicant: false });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({});
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER', declaredData: { employmentType: 'PENSIONER' } });
  });

  it('has the Latvian co-borrower’s screen', async () => {
    const { view } = await renderStep('submitBackgroundData', { role: 'COBORROWER', domain: 'retail-banking-lv', task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'About you as a co-borrower' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Latvian non-citizen' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: TOGETHER })).toBeNull();
    await expectNoAxeViolations(view.container);
  });
});

describe('SubmitBackgroundInfo in Latvia (section 5)', () => {
  it('offers the non-citizen status, refuses it beside Latvian citizenship, and a work start over 55 years ago', async () => {
    const { user, submitted, view } = await renderStep('submitBackgroundData', { domain: 'retail-banking-lv', task: {} });
    expect(screen.getByText('If you hold a Latvian non-citizen’s passport, choose Latvian non-citizen.')).toBeTruthy();
    const main = screen.getByRole('combobox', { name: 'What is your citizenship?' }) as HTMLSelectElement;
    // The served country and the non-citizen status lead the list.
    expect([...main.options].slice(1, 3).map((option) => option.value)).toEqual(['LV', 'XA']);
    await answerTheBasics(user, { citizenship: 'Latvia' });
    await user.click(screen.getByRole('checkbox', { name: 'I also have another citizenship' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is your other citizenship?' }), 'Latvian non-citizen');
    await choose(user, 'What is your employment status?', 'Running my own company');
    const longAgo = String(new Date().getFullYear() - 56);
    await typeDate(user, 'When did you start this work?', '1', '1', longAgo);
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'You cannot have both Latvian citizenship and Latvian non-citizen status. Choose one',
      'Enter an employment start date within the last 55 years',
    ]);
    await expectNoAxeViolations(view.container);
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is your other citizenship?' }), 'Lithuania');
    const year = within(group('When did you start this work?')).getByRole('textbox', { name: 'Year' });
    await user.clear(year);
    await user.type(year, '2010');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: { citizenships: ['LV', 'LT'], employmentType: 'ENTREPRENEUR', employmentStartDate: '2010-01-01' },
    });
  });

  it('takes the co-applicant’s names in letters, spaces and hyphens only', async () => {
    const { user } = await renderStep('submitBackgroundData', { domain: 'retail-banking-lv', task: {} });
    await choose(user, TOGETHER, 'Yes');
    const first = screen.getByRole('textbox', { name: 'Co-applicant’s first name' });
    expect(screen.getAllByText('Letters, spaces and hyphens only, as in the identity document.')).toHaveLength(2);
    await user.type(first, "Anna O'Neil");
    await user.tab();
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the name using letters and spaces only')).toBeTruthy();
  });
});

describe('SubmitBackgroundInfo in the partner short flow: the calculator modal (section 2; decision 097)', () => {
  /** An application of the partner short flow: the partner set a 3,000 € small loan over 36 months. */
  function partnerShort(overrides: Partial<ReturnType<typeof taskFor>['application']> = {}) {
    const application = taskFor('submitBackgroundData', 'retail-banking-ee').application;
    return { task: { application: { ...application, source: { channel: 'PARTNER_SHORT' }, ...overrides } } };
  }
  const calculator = () => screen.getByRole('dialog', { name: 'Loan calculator' });
  /** The step's own period field (the modal has one of the same name). */
  const pagePeriod = () => within(screen.getByRole('group', { name: 'Your loan' })).getByRole('textbox', { name: /Loan period/ }) as HTMLInputElement;

  it('opens on arrival with the partner’s amount disabled and the period editable, and passes axe', async () => {
    const { view } = await renderStep('submitBackgroundData', partnerShort());
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    const amountSlider = within(modal).getByRole('slider', { name: 'Loan amount' }) as HTMLInputElement;
    const amountInput = within(modal).getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement;
    expect(amountSlider.disabled).toBe(true);
    expect(amountInput.disabled).toBe(true);
    expect(amountInput.value).toBe('3,000');
    expect((within(modal).getByRole('slider', { name: 'Loan period (months)' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(modal).getByRole('textbox', { name: 'Loan period (months)' }) as HTMLInputElement).disabled).toBe(false);
    await waitFor(() => expect(within(modal).getByRole('status').textContent).toMatch(/€105\.89 a month/));
    await expectNoAxeViolations(view.container.ownerDocument.body);
    // Behind it, the background questions of the applicant's screen.
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
  });

  it('applies a changed period with “Use these figures”, keeps the amount, and sends the period with the step', async () => {
    const { user, submitted, view } = await renderStep('submitBackgroundData', partnerShort());
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    const period = within(modal).getByRole('textbox', { name: 'Loan period (months)' });
    await user.clear(period);
    await user.type(period, '48');
    // Typing at a disabled amount changes nothing.
    await user.type(within(modal).getByRole('textbox', { name: 'Loan amount' }), '9');
    expect(pagePeriod().value).toBe('36');
    await user.click(within(modal).getByRole('button', { name: 'Use these figures' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pagePeriod().value).toBe('48');
    expect(screen.getByText('Loan amount: €3,000')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('€85.33')).toBeTruthy());
    await expectNoAxeViolations(view.container);
    await answerTheBasics(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    // The period the modal applied; the amount is the partner's and is not sent.
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ creditConditions: { loanPeriod: 48 }, hasCoApplicant: false });
  });

  it('reopens with the button, and cancelling applies nothing', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', partnerShort());
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // It opened over the step's heading, which took focus on arrival: focus goes back there.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'About you' }));
    await user.click(screen.getByRole('button', { name: 'Open the loan calculator' }));
    const period = within(calculator()).getByRole('textbox', { name: 'Loan period (months)' });
    await user.clear(period);
    await user.type(period, '12');
    await user.click(within(calculator()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened with the button: focus goes back to it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the loan calculator' }));
    expect(pagePeriod().value).toBe('36');
    await answerTheBasics(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ creditConditions: { loanPeriod: 36 }, hasCoApplicant: false });
  });

  it('refuses a period outside the product’s bounds on the page, stating them', async () => {
    const { user, submitted } = await renderStep('submitBackgroundData', partnerShort());
    await user.click(within(await screen.findByRole('dialog', { name: 'Loan calculator' })).getByRole('button', { name: 'Cancel' }));
    await user.clear(pagePeriod());
    await user.type(pagePeriod(), '200');
    await answerTheBasics(user);
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter a period from 6 to 72 months']);
    expect(submitted).toHaveLength(0);
  });

  it('opens even where the partner’s link had a registration code and an amount (that hides it only in a partner-hosted flow)', async () => {
    await renderStep('submitBackgroundData', partnerShort({ source: { channel: 'PARTNER_SHORT', partner: { id: 'partner-elektroonika', regCode: '10000002' } }, goodsPrice: 3000 }));
    expect(await screen.findByRole('dialog', { name: 'Loan calculator' })).toBeTruthy();
  });

  it('gives a Latvian applicant Latvia’s hints too (the variant is chosen over the Latvian one)', async () => {
    const application = taskFor('submitBackgroundData', 'retail-banking-lv').application;
    await renderStep('submitBackgroundData', { domain: 'retail-banking-lv', task: { application: { ...application, source: { channel: 'PARTNER_SHORT' } } } });
    expect(await screen.findByRole('dialog', { name: 'Loan calculator' })).toBeTruthy();
    expect(screen.getByText('If you hold a Latvian non-citizen’s passport, choose Latvian non-citizen.')).toBeTruthy();
  });

  it('is not on the other screens of the step: a web application’s, or a co-borrower’s in the partner short flow', async () => {
    const web = await renderStep('submitBackgroundData', { task: {} });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Loan period/ })).toBeNull();
    web.view.unmount();
    const { user, submitted } = await renderStep('submitBackgroundData', { role: 'COBORROWER', ...partnerShort() });
    expect(screen.getByRole('heading', { level: 1, name: 'About you as a co-borrower' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the loan calculator' })).toBeNull();
    await answerTheBasics(user, { coApplicant: false });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({});
  });
});
