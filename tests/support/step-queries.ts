/**
 * The queries and typing every step's component test uses (beside `render-step.tsx`): the Continue
 * button, the error summary, a fieldset by its legend and a GOV.UK date typed part by part.
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export type User = ReturnType<typeof userEvent.setup>;

export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** The error summary, once it shows. */
export const summaryOf = async () => (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;

/** A fieldset (a date, a radio group, a repeating block) by its legend. */
export const group = (name: string | RegExp) => screen.getByRole('group', { name });

/** Types a date into the day, month and year of the date question with this legend. */
export async function typeDate(user: User, question: string, day: string, month: string, year: string): Promise<void> {
  const date = group(question);
  await user.type(within(date).getByRole('textbox', { name: 'Day' }), day);
  await user.type(within(date).getByRole('textbox', { name: 'Month' }), month);
  await user.type(within(date).getByRole('textbox', { name: 'Year' }), year);
}
