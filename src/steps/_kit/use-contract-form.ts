/**
 * The form of a step, bound to its contract and to the application machine (the baseline every
 * step screen inherits, so its view is JSX and event sending only):
 * - starting values from the contract (empty, prefilled from the query or the application, or the
 *   saved draft);
 * - every change told to the machine (it keeps the server-side draft);
 * - the server's field errors shown on the fields the contract maps their paths to;
 * - a refusal by the step's logic (`step.refused`) shows the error summary;
 * - a valid form becomes the step's submission (the contract's payload) for the machine, or for the
 *   step logic that gates it;
 * - the browser's Forward, where the machine takes it (decision 212), presses Continue: the same
 *   submission, or the error summary when the answers no longer pass.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { FieldPath } from 'react-hook-form';
import type { AnyActorRef } from 'xstate';
import { useStepForm, type RequiredMessages, type StepForm } from '../../components/form/use-step-form';
import type { FieldTable, FormValues, WireValues } from '../../../core/contract/fields';
import type { ContractContext, StepContract } from '../../../core/contract/step-contract';
import type { StepSubmission } from '../../../core/wire/process.schema';
import type { AppError } from '../../../core/domain/app-error';
import { useApplicationActor } from './application-actor';
import { useRuntimeConfig } from './runtime-config-context';
import { clientContractContext } from './contract-context';

export type Submission = Omit<StepSubmission, 'version'>;

export interface ContractFormOptions<TFields extends FieldTable> {
  /**
   * What each field says when left empty, in its own words ("Enter your first name"); the fields
   * of a repeating block by pattern, as a function of the row (`'incomes.*.source': (row) => ...`).
   */
  requiredMessages?: RequiredMessages<FormValues<TFields>>;
  /** A repeating block's row names, said before its problems in the error summary ("Collateral 2: ..."). */
  rowNames?: Readonly<Record<string, (row: number) => string>>;
  /** Problems from outside the form's rules (a server check), by field name. */
  externalErrors?: Readonly<Partial<Record<FieldPath<FormValues<TFields>>, string | undefined>>>;
  /** Every change of a value, besides the draft (a calculator that follows the amount). */
  onValuesChange?: (values: FormValues<TFields>) => void;
  /**
   * Where the submission goes: by default to the application machine; a step whose logic must
   * check something first (the personal code) sends it there instead.
   */
  onSubmit?: (submission: Submission, values: WireValues<TFields>) => void;
  /** Step logic that may refuse a submission (`step.refused`): the summary shows when it does. */
  refusedBy?: AnyActorRef | undefined;
}

export interface ContractForm<TFields extends FieldTable> {
  stepForm: StepForm<FormValues<TFields>, WireValues<TFields>>;
  /** For <StepForm onSubmit>. */
  submit: (values: WireValues<TFields>) => void;
  /** The contract's context (domain, language, product data, prefill) for the view's own reading. */
  context: ContractContext & { locale: NonNullable<ContractContext['locale']> };
  /** A submission is under way (the button shows it and ignores clicks). */
  pending: boolean;
  /** Why the last submission failed (shown on the button; what was typed is kept). */
  submitError: AppError | null;
}

export function useContractForm<TFields extends FieldTable>(contract: StepContract<TFields>, options: NoInfer<ContractFormOptions<TFields>> = {}): ContractForm<TFields> {
  const actor = useApplicationActor();
  const domain = useSelector(actor, (s) => s.context.businessDomain);
  const locale = useSelector(actor, (s) => s.context.locale);
  const taskKey = useSelector(actor, (s) => s.context.taskKey ?? '');
  const start = useSelector(actor, (s) => s.context.start);
  const application = useSelector(actor, (s) => s.context.application);
  const role = useSelector(actor, (s) => s.context.role);
  // The product data initialised at start (section 4): the contract's bounds come from it.
  const products = useSelector(actor, (s) => s.context.products);
  const submitError = useSelector(actor, (s) => s.context.submitError);
  const { features, allowedLocales, countryCode: configuredCountry } = useRuntimeConfig();
  const pending = useSelector(actor, (s) => s.matches({ step: 'submitting' }) || (s.matches({ step: 'creating' }) && s.context.queued !== null));

  const context = useMemo(
    () => clientContractContext({ domain, locale, role, start: start as Record<string, unknown>, application, products, features, allowedLocales, configuredCountry }),
    [domain, locale, role, features, allowedLocales, products, start, application, configuredCountry],
  );
  const schema = useMemo(() => contract.formSchema(context), [contract, context]);
  const defaultValues = useMemo(
    () => contract.initialValues(context, actor.getSnapshot().context.typed ?? actor.getSnapshot().context.draft?.data ?? null),
    // The values at mount only: later drafts are this form's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const stepForm = useStepForm<FormValues<TFields>, WireValues<TFields>>({
    schema,
    defaultValues: defaultValues as never,
    onValuesChange: (values) => {
      actor.send({ type: 'form.changed', data: values as Record<string, unknown> });
      options.onValuesChange?.(values);
    },
    fieldNameFromPath: (path) => contract.fieldOfPath(path, context) as FieldPath<FormValues<TFields>> | undefined,
    ...(options.requiredMessages ? { requiredMessages: options.requiredMessages } : {}),
    ...(options.externalErrors ? { externalErrors: options.externalErrors } : {}),
    ...(options.rowNames ? { rowNames: options.rowNames } : {}),
  });

  // The step's own listeners (a calculator) hear the starting values too, not only later changes.
  const { getValues } = stepForm.form;
  useEffect(() => {
    options.onValuesChange?.(getValues());
    // Once, at mount: later values arrive through onValuesChange above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { applyServerErrors, showSummary } = stepForm;
  useEffect(() => {
    if (submitError?.kind === 'validation') applyServerErrors(submitError.fieldErrors);
  }, [submitError, applyServerErrors]);

  const gate = options.refusedBy;
  useEffect(() => {
    if (!gate) return;
    const subscription = gate.on('step.refused', () => showSummary());
    return () => subscription.unsubscribe();
  }, [gate, showSummary]);

  const submit = (values: WireValues<TFields>) => {
    const submission: Submission = { taskDefinitionKey: taskKey, application: contract.toPayload(values, context), variables: {} };
    if (options.onSubmit) options.onSubmit(submission, values);
    else actor.send({ type: 'step.submitted', submission });
  };

  // Decision 212: each Forward the machine takes is Continue pressed with what the form shows. A form
  // whose answers no longer pass shows its summary and says it stayed; a gate's refusal says so too.
  const forwardRequest = useSelector(actor, (s) => s.context.forwardRequest);
  const forwardSeen = useRef(forwardRequest);
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const { handleSubmit: submitForm } = stepForm.form;
  useEffect(() => {
    if (forwardRequest === forwardSeen.current) return;
    forwardSeen.current = forwardRequest;
    void submitForm(
      (values) => submitRef.current(values),
      () => {
        showSummary();
        actor.send({ type: 'step.forwardStopped' });
      },
    )();
  }, [forwardRequest, submitForm, showSummary, actor]);
  useEffect(() => {
    if (!gate) return;
    const subscription = gate.on('step.refused', () => actor.send({ type: 'step.forwardStopped' }));
    return () => subscription.unsubscribe();
  }, [gate, actor]);

  return { stepForm, submit, context, pending, submitError };
}
