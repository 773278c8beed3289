import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../core/wire/process.schema';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { renderStep } from '../../../tests/support/render-step';
import { activateLocale } from '../../i18n/i18n';

/** What the applicant answered, as GET .../answers returns it: each task's form values. */
const ANSWERS: Answers = {
  tasks: [
    {
      taskDefinitionKey: 'createApplicationStep',
      data: {
        productName: 'SMALL_LOAN',
        loanAmount: '3000',
        loanPeriod: '36',
        firstName: 'Mari',
        surname: 'Maasikas',
        personalCode: '38001085718',
        email: 'mari.maasikas@example.com',
        phoneNumber: { code: '+372', number: '51234567' },
        consentDataProcessing: true,
        consentMarketing: false,
      },
    },
    {
      taskDefinitionKey: 'submitAddress',
      data: {
        street: 'Narva mnt 5',
        apartment: '12',
        city: 'Tallinn',
        county: '',
        postalCode: '10117',
        country: 'EE',
        correspondenceDifferent: false,
        correspondenceStreet: '',
        correspondenceApartment: '',
        correspondenceCity: '',
        correspondenceCounty: '',
        correspondencePostalCode: '',
        correspondenceCountry: 'EE',
      },
    },
  ],
};

/**
 * The Change button's name: "Change" and the section's title, visually hidden (GOV.UK). jsdom's
 * name computation drops the space a browser keeps at the start of the hidden part.
 */
const CHANGE_ADDRESS = /^Change ?Your address$/;
const sectionOf = (title: string) => screen.getByRole('region', { name: title });
/** A section's fold button: its heading's only button. */
const toggleOf = (title: string) => within(within(sectionOf(title)).getByRole('heading', { level: 2 })).getByRole('button');
/** A section's rows as [question, answer], read from its summary list (an open section's). */
const rowsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
type User = Awaited<ReturnType<typeof renderStep>>['user'];
async function openSection(user: User, title: string): Promise<HTMLElement> {
  await user.click(toggleOf(title));
  return sectionOf(title);
}

describe('CheckAnswers', () => {
  it('lists each answered step’s answers under its title, with one Change button per section, and passes axe', async () => {
    const { view, user } = await renderStep('checkAnswers', { task: {}, io: { answers: async () => ANSWERS } });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your answers before sending your application' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Your loan and contact details' });
    const loan = await openSection(user, 'Your loan and contact details');
    expect(rowsOf(loan)).toEqual([
      ['Loan type', 'Small loan'],
      ['Loan amount', '€3,000'],
      ['Loan period (months)', '36'],
      ['First name', 'Mari'],
      ['Surname', 'Maasikas'],
      ['Personal code', '38001085718'],
      ['E-mail', 'mari.maasikas@example.com'],
      ['Phone number', '+372 51234567'],
    ]);
    expect(rowsOf(await openSection(user, 'Your address'))).toEqual([
      ['Where you live', 'Narva mnt 5, apartment 12, Tallinn, 10117, Estonia'],
      ['My correspondence address is different', 'No'],
    ]);
    // One Change button per section, saying which section it changes.
    expect(within(sectionOf('Your address')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Your address', 'Change Your address']);
    expect(screen.queryByText(/I agree to the processing/)).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('leaves out a step that has no summary', async () => {
    await renderStep('checkAnswers', {
      task: {},
      io: { answers: async () => ({ tasks: [...ANSWERS.tasks, { taskDefinitionKey: 'viewWaitingPage', data: { anything: true } }] }) },
    });
    await screen.findByRole('region', { name: 'Your address' });
    expect(screen.getAllByRole('region').map((region) => within(region).getByRole('heading').textContent)).toEqual(['Your loan and contact details', 'Your address']);
  });

  it('sends the change of that step when its Change button is used', async () => {
    const { user, changed, actor } = await renderStep('checkAnswers', { task: {}, io: { answers: async () => ANSWERS } });
    await screen.findByRole('region', { name: 'Your address' });
    await openSection(user, 'Your address');
    await user.click(within(sectionOf('Your address')).getByRole('button', { name: CHANGE_ADDRESS }));
    await waitFor(() => expect(changed).toHaveLength(1));
    expect(changed[0]).toEqual({ externalId: 'app-1', taskDefinitionKey: 'submitAddress', fromTaskDefinitionKey: 'checkAnswers', version: 1 });
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('submitAddress'));
  });

  it('ends with the declaration, and "Accept and send" sends the page', async () => {
    const { user, submitted } = await renderStep('checkAnswers', { task: {}, io: { answers: async () => ANSWERS } });
    await screen.findByRole('region', { name: 'Your address' });
    expect(screen.getByRole('heading', { level: 2, name: 'Now send your application' })).toBeTruthy();
    expect(screen.getByText('By sending this you confirm that, to the best of your knowledge, the details you have given are correct and complete.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept and send' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission).toMatchObject({ taskDefinitionKey: 'checkAnswers', version: 1 });
  });

  it('shows the declaration and the send button only once the answers are in, below them (decision 238: it never moves under the pointer)', async () => {
    let release: (answers: Answers) => void = () => {};
    await renderStep('checkAnswers', { task: {}, io: { answers: () => new Promise<Answers>((resolve) => (release = resolve)) } });
    expect(await screen.findByText('Loading your answers…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and send' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Now send your application' })).toBeNull();
    release(ANSWERS);
    const send = await screen.findByRole('button', { name: 'Accept and send' });
    const address = screen.getByRole('region', { name: 'Your address' });
    expect(address.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('still offers to send when the answers cannot be loaded', async () => {
    await renderStep('checkAnswers', { task: {}, io: { answers: () => Promise.reject({ kind: 'network', message: 'offline' } satisfies AppError) } });
    await screen.findByText('We could not load your answers. They are saved; please try again.');
    expect(screen.getByRole('button', { name: 'Accept and send' })).toBeTruthy();
  });

  it('speaks to a co-borrower about their answers, not an application', async () => {
    const answers: Answers = {
      tasks: [
        {
          taskDefinitionKey: 'submitInitialDataCoBorrower',
          data: { firstName: 'Kristi', surname: 'Tamm', email: 'kristi.tamm@example.com', phoneNumber: { code: '+372', number: '52345678' }, consentDataProcessing: true, consentMarketing: false },
        },
      ],
    };
    const { view, user } = await renderStep('checkAnswers', { role: 'COBORROWER', task: {}, io: { answers: async () => answers } });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your answers before sending them' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Your name and contact details' });
    expect(rowsOf(await openSection(user, 'Your name and contact details'))).toEqual([
      ['First name', 'Kristi'],
      ['Surname', 'Tamm'],
      ['E-mail', 'kristi.tamm@example.com'],
      ['Phone number', '+372 52345678'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Now send your answers' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('asks for the co-borrower’s own answers, in their role', async () => {
    const asked: string[] = [];
    await renderStep('checkAnswers', {
      role: 'COBORROWER',
      task: {},
      io: {
        answers: async (input) => {
          asked.push(`${input.externalId} ${input.role}`);
          return { tasks: [] };
        },
      },
    });
    await waitFor(() => expect(asked).toEqual(['app-1 COBORROWER']));
  });

  it('says so while the answers load, and offers to try again when they cannot be loaded', async () => {
    let release: (answers: Answers) => void = () => {};
    let calls = 0;
    const failure: AppError = { kind: 'network', message: 'offline' };
    const { user, view } = await renderStep('checkAnswers', {
      task: {},
      io: {
        answers: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(failure) : new Promise<Answers>((resolve) => (release = resolve));
        },
      },
    });
    const notice = await screen.findByText('We could not load your answers. They are saved; please try again.');
    const alert = notice.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    await expectNoAxeViolations(view.container);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading your answers…')).toBeTruthy();
    expect(screen.queryByText('We could not load your answers. They are saved; please try again.')).toBeNull();
    release(ANSWERS);
    expect(await screen.findByRole('region', { name: 'Your address' })).toBeTruthy();
    expect(screen.queryByText('Loading your answers…')).toBeNull();
  });

  it('reads the answers in the applicant’s language', async () => {
    const { view, user } = await renderStep('checkAnswers', { locale: 'et', task: {}, io: { answers: async () => ANSWERS } });
    expect(screen.getByRole('heading', { level: 1, name: 'Kontrollige oma vastuseid enne taotluse saatmist' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Teie aadress' });
    const address = await openSection(user, 'Teie aadress');
    expect(rowsOf(address)[0]).toEqual(['Teie elukoht', 'Narva mnt 5, korter 12, Tallinn, 10117, Eesti']);
    expect(within(address).getAllByRole('button')[1]?.textContent).toBe('Muuda Teie aadress');
    expect(screen.getByRole('button', { name: 'Nõustu ja saada' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
  it('follows a language switch: the sections and their answers are read again in the new language', async () => {
    await renderStep('checkAnswers', { locale: 'et', task: {}, io: { answers: async () => ANSWERS } });
    await screen.findByRole('region', { name: 'Teie aadress' });
    await act(() => activateLocale('en'));
    expect(await screen.findByRole('region', { name: 'Your address' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Teie aadress' })).toBeNull();
  });
  it('folds every section at first, showing its first answers, and opens and closes one or all (issue 26 item 6)', async () => {
    const { view, user } = await renderStep('checkAnswers', { task: {}, io: { answers: async () => ANSWERS } });
    await screen.findByRole('region', { name: 'Your address' });
    for (const title of ['Your loan and contact details', 'Your address']) {
      expect(toggleOf(title).getAttribute('aria-expanded')).toBe('false');
      expect(within(sectionOf(title)).queryAllByRole('term')).toHaveLength(0);
    }
    // A glance tells what is inside a folded section.
    expect(within(sectionOf('Your loan and contact details')).getByText('Small loan · €3,000 · 36')).toBeTruthy();
    await expectNoAxeViolations(view.container);

    await user.click(toggleOf('Your address'));
    expect(toggleOf('Your address').getAttribute('aria-expanded')).toBe('true');
    expect(within(sectionOf('Your address')).getAllByRole('term')).toHaveLength(2);
    expect(within(sectionOf('Your address')).queryByText(/^Narva mnt 5.* · /)).toBeNull();
    await user.click(toggleOf('Your address'));
    expect(within(sectionOf('Your address')).queryAllByRole('term')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Open all sections' }));
    expect(screen.getAllByRole('term')).toHaveLength(10);
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('button', { name: 'Close all sections' }));
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    // The fold buttons are reached and used from the keyboard.
    toggleOf('Your address').focus();
    await user.keyboard('{Enter}');
    expect(toggleOf('Your address').getAttribute('aria-expanded')).toBe('true');
  });

  it('lists a fact asked on two steps once, in the section of the step that asked it last (decision 196)', async () => {
    const answers: Answers = {
      tasks: [
        ANSWERS.tasks[0]!,
        {
          taskDefinitionKey: 'submitPersonalInfo',
          data: { productName: 'CAR_LOAN', campaignCode: '', personalCode: '38001085718', languageCode: 'est', registryCheck: true, silentConsent: false },
        },
        ANSWERS.tasks[1]!,
      ],
    };
    const { user } = await renderStep('checkAnswers', { task: {}, io: { answers: async () => answers } });
    await screen.findByRole('region', { name: 'Your personal details' });
    await user.click(screen.getByRole('button', { name: 'Open all sections' }));
    const questions = (title: string) => rowsOf(sectionOf(title)).map(([question]) => question);
    expect(questions('Your loan and contact details')).toEqual(['Loan amount', 'Loan period (months)', 'First name', 'Surname', 'E-mail', 'Phone number']);
    expect(rowsOf(sectionOf('Your personal details'))).toEqual([
      ['Loan type', 'Car loan'],
      ['Personal code', '38001085718'],
      ['Which language should we contact you in?', 'Eesti'],
    ]);
    expect(screen.getAllByRole('term').filter((term) => term.textContent === 'Personal code')).toHaveLength(1);
  });
});
