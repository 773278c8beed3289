/**
 * ChooseContinueOption's view model (decision 121), apart from the machine so the step's screen
 * takes only this selector and the machine loads with the step's logic alone (one chunk fewer for
 * the first page to list). The view and the machine's tests call the same selector.
 */
import type { ActiveApplications } from '../../../core/wire/active-applications.schema';
import type { AppError } from '../../../core/domain/app-error';
import type { ContinueOption } from '../../../core/domain/continue-options';
import type { ContinueOptionSnapshot } from './continue-option.machine';

export interface ContinueOptionView {
  status: 'loading' | 'loadFailed' | 'ready' | 'switched';
  choices: ActiveApplications | null;
  /** The options the page offers, in the order it shows them. */
  offered: readonly ContinueOption[];
  loadError: AppError | null;
  actionError: AppError | null;
  /** A choice is being carried out: the button shows it and ignores clicks. */
  busy: boolean;
}

/** What the applicant may choose: the other application only when there is one, joining only when allowed. */
export function offeredOptions(choices: ActiveApplications | null): ContinueOption[] {
  if (!choices) return [];
  return [
    ...(choices.activeApplication ? (['CONTINUE_ACTIVE'] as const) : []),
    'ANNUL_ACTIVE' as const,
    ...(choices.canBeRelatedPerson && choices.relatedApplication ? (['JOIN_AS_RELATED_PERSON'] as const) : []),
  ];
}

const LOADING: ContinueOptionView = { status: 'loading', choices: null, offered: [], loadError: null, actionError: null, busy: false };

/** The view model (the view and its tests call the same selector); loading before the logic runs. */
export function continueOptionView(snapshot: ContinueOptionSnapshot | undefined): ContinueOptionView {
  if (!snapshot) return LOADING;
  const { context } = snapshot;
  const status = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('switched')
        ? 'switched'
        : 'ready';
  return {
    status,
    choices: context.choices,
    offered: offeredOptions(context.choices),
    loadError: context.loadError,
    actionError: context.actionError,
    busy: snapshot.hasTag('busy') || status === 'switched',
  };
}
