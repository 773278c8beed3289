import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { CheckboxField, MoneyField, SelectField, StepForm, TextField } from '../../src/components/form/form-fields';
import { useStepForm } from '../../src/components/form/use-step-form';
import { SubmitButton } from '../../src/components/submit-button';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages';
import { translateValidationKey } from '../../src/i18n/validation-message';
import { MESSAGES } from '../../core/validation/messages';
import { parseMoney } from '../../core/validation/money';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

/** A small step: the schema lists consent first on purpose, the page shows it last. */
const DemoSchema = v.object({
  consent: v.pipe(v.boolean(), v.check((agreed) => agreed, MESSAGES.consentRequired)),
  firstName: v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.required), v.minLength(2, MESSAGES.textLength2To256)),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.required), v.email(MESSAGES.emailInvalid)),
  amount: v.pipe(v.string(), v.nonEmpty(MESSAGES.required), v.transform(parseMoney), v.number(MESSAGES.moneyInvalid)),
  product: v.picklist(['SMALL_LOAN', 'CAR_LOAN'], MESSAGES.choiceInvalid),
});

const SERVER_PATHS: Record<string, 'email' | 'amount'> = {
  'personUpdates.0.declaredData.email': 'email',
  'applicationUpdates.creditConditions.loanAmount': 'amount',
};

const text = (key: string) => translateValidationKey(i18n, key);

interface DemoProps {
  /** What the server answers the submission with: field errors, or nothing for success. */
  serverAnswer?: FieldErrors;
  onSent: (values: v.InferOutput<typeof DemoSchema>) => void;
  onValuesChange?: (values: v.InferInput<typeof DemoSchema>) => void;
}

function DemoStep({ serverAnswer, onSent, onValuesChange }: DemoProps) {
  const [submitError, setSubmitError] = useState<string>();
  const stepForm = useStepForm({
    schema: DemoSchema,
    defaultValues: { firstName: '', email: '', amount: '', consent: false },
    onValuesChange,
    fieldNameFromPath: (path) => SERVER_PATHS[path],
  });
  const { form } = stepForm;
  return (
    <StepForm
      stepForm={stepForm}
      onSubmit={(values) => {
        onSent(values);
        if (serverAnswer) {
          const unshown = stepForm.applyServerErrors(serverAnswer);
          setSubmitError(unshown.length ? 'Some answers could not be checked. Try again.' : undefined);
        }
      }}
    >
      <h1>Your loan</h1>
      <TextField form={form} name="firstName" label="First name" autoComplete="given-name" inputMode="text" />
      <TextField form={form} name="email" label="E-mail address" type="email" autoComplete="email" inputMode="email" />
      <MoneyField form={form} name="amount" label="Loan amount" hint="In euros" autoComplete="off" />
      <SelectField
        form={form}
        name="product"
        label="Loan type"
        autoComplete="off"
        placeholder="Choose a loan"
        options={[
          { value: 'SMALL_LOAN', label: 'Small loan' },
          { value: 'CAR_LOAN', label: 'Car loan' },
        ]}
      />
      <CheckboxField form={form} name="consent" label="I agree to the processing of my data" />
      <SubmitButton error={submitError}>Continue</SubmitButton>
    </StepForm>
  );
}

async function fillValidAnswers(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mari');
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'mari@example.ee');
  await user.type(screen.getByRole('textbox', { name: 'Loan amount' }), '1 500,50');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Loan type' }), 'Small loan');
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the processing of my data' }));
}

describe('useStepForm with the form fields', () => {
  it('translates validation keys and falls back to the required message for an unknown key', () => {
    expect(text(MESSAGES.emailInvalid)).toBe(i18n._(VALIDATION_MESSAGES[MESSAGES.emailInvalid]));
    expect(text('validation.messages.notInThisClient')).toBe(text(MESSAGES.required));
    expect(text(MESSAGES.required)).not.toBe(MESSAGES.required);
  });

  it('validates a changed field when it loses focus, and clears the error as soon as it is fixed', async () => {
    const user = userEvent.setup();
    renderWithI18n(<DemoStep onSent={vi.fn()} />);
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.click(firstName);
    expect(firstName.hasAttribute('aria-invalid')).toBe(false);
    // Tabbing through an empty field says nothing (issue 8): only a submit or a change does.
    await user.tab();
    expect(firstName.hasAttribute('aria-invalid')).toBe(false);
    await user.type(firstName, 'M');
    await user.tab();
    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(text(MESSAGES.textLength2To256)).closest('p')?.textContent).toBe(`Error: ${text(MESSAGES.textLength2To256)}`);
    // Emptied again: leaving it now says it is required.
    await user.clear(firstName);
    await user.tab();
    await waitFor(() => expect(screen.getByText(text(MESSAGES.required))).toBeTruthy());
    // A field that shows an error is re-checked as the applicant types, so the message follows the fix.
    await user.type(firstName, 'M');
    await waitFor(() => expect(screen.getByText(text(MESSAGES.textLength2To256))).toBeTruthy());
    await user.type(firstName, 'ari');
    await waitFor(() => expect(firstName.hasAttribute('aria-invalid')).toBe(false));
    // The summary belongs to submitting only.
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('after a failed submit focuses the summary, lists problems in page order and links to the fields', async () => {
    const user = userEvent.setup();
    const onSent = vi.fn();
    const { container } = renderWithI18n(<DemoStep onSent={onSent} />);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mari');
    await user.type(screen.getByRole('textbox', { name: 'Loan amount' }), '1,5,0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = screen.getByText('There is a problem').closest('[tabindex="-1"]') as HTMLElement;
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('alert')).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [text(MESSAGES.required), '#field-email'],
      [text(MESSAGES.moneyInvalid), '#field-amount'],
      [text(MESSAGES.choiceInvalid), '#field-product'],
      [text(MESSAGES.consentRequired), '#field-consent'],
    ]);
    expect(onSent).not.toHaveBeenCalled();

    await user.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Loan amount' }));
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Mari');
    expect(screen.getByRole('textbox', { name: 'Loan amount' })).toHaveProperty('value', '1,5,0');
    await expectNoAxeViolations(container);
  });

  it('sends the schema output: money typed with a comma becomes a number', async () => {
    const user = userEvent.setup();
    const onSent = vi.fn();
    renderWithI18n(<DemoStep onSent={onSent} />);
    await fillValidAnswers(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(onSent).toHaveBeenCalledWith({ consent: true, firstName: 'Mari', email: 'mari@example.ee', amount: 1500.5, product: 'SMALL_LOAN' });
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('shows server field errors on the right fields, keeps the data and reports what no field shows', async () => {
    const user = userEvent.setup();
    const serverAnswer = {
      'personUpdates.0.declaredData.email': [MESSAGES.emailHostMisspelt],
      'personUpdates.0.personalCode': [MESSAGES.personalCodeInvalid],
    };
    const { container } = renderWithI18n(<DemoStep onSent={vi.fn()} serverAnswer={serverAnswer} />);
    await fillValidAnswers(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const errorId = (email.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(`Error: ${text(MESSAGES.emailHostMisspelt)}`);
    expect(screen.getByRole('textbox', { name: 'First name' }).hasAttribute('aria-invalid')).toBe(false);

    const summary = screen.getByText('There is a problem').closest('[tabindex="-1"]') as HTMLElement;
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: text(MESSAGES.emailHostMisspelt) }).getAttribute('href')).toBe('#field-email');
    expect(screen.getByText('Some answers could not be checked. Try again.')).toBeTruthy();

    expect(email).toHaveProperty('value', 'mari@example.ee');
    expect(screen.getByRole('textbox', { name: 'Loan amount' })).toHaveProperty('value', '1 500,50');
    expect(screen.getByRole('checkbox', { name: 'I agree to the processing of my data' })).toHaveProperty('checked', true);

    // Correcting the field clears the server's message.
    await user.clear(email);
    await user.type(email, 'mari@example.com');
    await waitFor(() => expect(email.hasAttribute('aria-invalid')).toBe(false));
    await expectNoAxeViolations(container);
  });

  it('reports every change of the values (for the draft)', async () => {
    const user = userEvent.setup();
    const onValuesChange = vi.fn();
    renderWithI18n(<DemoStep onSent={vi.fn()} onValuesChange={onValuesChange} />);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Jo');
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Jo', email: '' }));
  });
});
