import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { uploadsView, type UploadItem, type uploadsMachine } from './uploads.machine';
import { ErrorSummary } from '../../components/error-summary';
import { Modal } from '../../components/modal';
import type { StepContract } from '../../../core/contract/step-contract';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { useValidationMessage } from '../../i18n/validation-message';
import { UPLOAD_LIMITS } from '../../../core/validation/uploads/limits';
import { SubmitErrorText } from '../../steps/_kit/step-feedback';
import { useContractForm } from '../../steps/_kit/use-contract-form';
import type { TaskKey } from '../../steps/_generated/task-keys';
import { useStepLogic } from '../../steps/_kit/use-step-logic';
import './document-uploads.css';

const FILE_INPUT_ID = 'field-documents';

export interface DocumentUploadsTexts {
  heading: ReactNode;
  /** What to upload and why; `productName` is the application's product. */
  intro: (facts: { productName: string | null }) => ReactNode;
  /** The file input's label. */
  fieldLabel: string;
  /** The error when continuing with nothing uploaded. */
  noFiles: string;
  /**
   * Decision 134: the words of going on without the documents, where the bank allows it (the
   * uploads machine says whether it does); a step without them never offers it.
   */
  skip?: { button: ReactNode; title: string; explanation: ReactNode; confirm: ReactNode };
}

/**
 * The form of an upload step (section 2 Documents; issue 13; decision 150): files added with the
 * file picker or dropped on the zone; each is checked at once and sent on its own with its progress;
 * a failed one is retried or removed without touching the others; a refused one leaves the list and
 * its reason is announced apart (decision 193). JSX and events only: the uploads
 * machine decides. The steps give their own words (`texts`).
 */
export function DocumentUploadsForm({ taskKey, contract, texts }: { taskKey: TaskKey; contract: StepContract; texts: DocumentUploadsTexts }) {
  const { t } = useLingui();
  const translate = useValidationMessage();
  const logic = useStepLogic<typeof uploadsMachine>('uploads');
  const view = useSelector(logic, uploadsView);
  const [attempts, setAttempts] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [confirmingSkip, setConfirmingSkip] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const step = useContractForm(contract, {
    onSubmit: (submission) => {
      setAttempts((count) => count + 1);
      logic?.send({ type: 'step.submitted', submission });
    },
  });
  const limits = UPLOAD_LIMITS[view.flow];
  const maxMegabytes = limits.maxFileBytes / (1024 * 1024);
  const maxFiles = limits.maxFiles;
  const types = limits.extensions.map((extension) => extension.toUpperCase()).join(', ');

  // Decision 134: the server refused going on without the documents (its message, translated).
  const skipRefusal = step.submitError?.kind === 'validation' ? step.submitError.fieldErrors['variables.skipped']?.[0] : undefined;
  const problem =
    attempts > 0 && view.submitProblem === 'noFiles'
      ? texts.noFiles
      : attempts > 0 && view.submitProblem === 'stillUploading'
        ? t`Wait until your files have been uploaded, then continue`
        : skipRefusal
          ? translate(skipRefusal)
          : null;
  const skip = texts.skip && view.skipAllowed ? texts.skip : null;
  const { attemptsLeft } = view;
  const confirmSkip = () => {
    setConfirmingSkip(false);
    setAttempts((count) => count + 1);
    logic?.send({ type: 'upload.skipped', submission: { taskDefinitionKey: taskKey, application: contract.toPayload({}, step.context), variables: {} } });
  };

  const add = (files: FileList | null) => {
    if (files && files.length > 0) logic?.send({ type: 'files.added', files: Array.from(files) });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <ErrorSummary errors={problem ? [{ fieldId: FILE_INPUT_ID, message: problem }] : []} focusRequest={attempts} />
      <PageHeading focusKey={taskKey}>
        <span id="step-heading">{texts.heading}</span>
      </PageHeading>
      {texts.intro({ productName: step.context.productName ?? null })}

      {view.status === 'loading' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Loading the files you have uploaded…</Trans>
        </p>
      )}
      {view.status === 'loadFailed' && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We could not load the files you have already uploaded. Please try again.</Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => logic?.send({ type: 'uploads.reloaded' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {view.status === 'ready' && (
        <>
          <div className={problem ? 'solis-form-group solis-form-group--error' : 'solis-form-group'}>
            <label className="solis-label" htmlFor={FILE_INPUT_ID}>
              {texts.fieldLabel}
            </label>
            <p className="solis-hint" id={hintId}>
              <Trans>
                {types}; up to {maxMegabytes} MB each and {maxFiles} files.
              </Trans>
            </p>
            {problem && (
              <p className="solis-error-message" id={`${FILE_INPUT_ID}-error`}>
                <span className="solis-visually-hidden">
                  <Trans>Error:</Trans>
                </span>{' '}
                {problem}
              </p>
            )}
            {/*
              Decision 193: the file input itself is the control (labelled by the question and by the
              button's words, in the tab order, Enter or Space opens the picker), drawn as a button of
              the page's language inside a drop zone; the browser's own "Choose Files" is not shown.
            */}
            <div
              className={dragging ? 'solis-drop-zone solis-drop-zone--active' : 'solis-drop-zone'}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <input
                ref={input}
                id={FILE_INPUT_ID}
                className="solis-drop-zone__input"
                type="file"
                multiple
                accept={limits.extensions.map((extension) => `.${extension}`).join(',')}
                aria-describedby={problem ? `${hintId} ${FILE_INPUT_ID}-error` : hintId}
                onChange={(event) => {
                  add(event.currentTarget.files);
                  // The same file may be chosen again after a removal.
                  event.currentTarget.value = '';
                }}
              />
              <label className="solis-button solis-button--secondary solis-drop-zone__button" htmlFor={FILE_INPUT_ID}>
                <Trans>Choose files</Trans>
              </label>
              <p className="solis-drop-zone__text" aria-hidden="true">
                <Trans>or drop files here</Trans>
              </p>
            </div>
          </div>

          {/* Decision 193: a file not taken leaves the list; why, is said here, announced. */}
          <div role="alert" className="solis-refused-files">
            {view.refused.length > 0 && (
              <div className="solis-notice solis-notice--warning">
                <p className="solis-refused-files__title" id="refused-files">
                  <Trans>Files not uploaded</Trans>
                </p>
                <ul className="solis-file-list" aria-labelledby="refused-files">
                  {view.refused.map((item) => (
                    <li key={item.key} className="solis-file-list__item solis-file-list__item--error">
                      <span className="solis-file-list__name">{item.name}</span>
                      <span className="solis-file-list__status solis-error-message">{translate(item.refusal)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>

          {view.files.length > 0 && (
            <>
              <h2 className="solis-subheading" id="uploaded-files">
                <Trans>Your files</Trans>
              </h2>
              <ul className="solis-file-list" aria-labelledby="uploaded-files">
                {view.files.map((item) => (
                  <FileRow key={item.key} item={item} onRetry={() => logic?.send({ type: 'file.retried', key: item.key })} onRemove={() => {
                    logic?.send({ type: 'file.removed', key: item.key });
                    input.current?.focus();
                  }} />
                ))}
              </ul>
            </>
          )}
          <p className="solis-visually-hidden" role="status">
            {view.sendableCount > 0 ? t`Files uploaded: ${view.uploadedCount} of ${view.sendableCount}` : ''}
          </p>
          {/* Decision 133: after a file the server refused, how many attempts are left before the upload stops. */}
          <div role="status">
            {attemptsLeft !== null && attemptsLeft > 0 && (
              <p className="solis-notice">
                <Plural
                  value={attemptsLeft}
                  one="A file was not accepted. You have # more attempt. If it fails too, the upload stops and a loan specialist will contact you."
                  other="A file was not accepted. You have # more attempts. If they fail too, the upload stops and a loan specialist will contact you."
                />
              </p>
            )}
          </div>

          <SubmitButton pending={step.pending} error={step.submitError && !skipRefusal ? <SubmitErrorText error={step.submitError} /> : undefined}>
            <Trans>Continue</Trans>
          </SubmitButton>
          {skip && (
            <>
              <p>
                <button type="button" className="solis-button solis-button--secondary" disabled={step.pending} onClick={() => setConfirmingSkip(true)}>
                  {skip.button}
                </button>
              </p>
              <Modal
                open={confirmingSkip}
                onClose={() => setConfirmingSkip(false)}
                title={skip.title}
                actions={
                  <>
                    <button type="button" className="solis-button" onClick={confirmSkip}>
                      {skip.confirm}
                    </button>
                    <button type="button" className="solis-button solis-button--secondary" onClick={() => setConfirmingSkip(false)}>
                      <Trans>Cancel</Trans>
                    </button>
                  </>
                }
              >
                {skip.explanation}
              </Modal>
            </>
          )}
        </>
      )}
    </StepForm>
  );
}

function FileRow({ item, onRetry, onRemove }: { item: UploadItem; onRetry: () => void; onRemove: () => void }) {
  const { t } = useLingui();
  const name = item.name;
  const percent = Math.round(item.progress * 100);
  return (
    <li className={item.status === 'failed' ? 'solis-file-list__item solis-file-list__item--error' : 'solis-file-list__item'}>
      <span className="solis-file-list__name">{name}</span>
      <span className="solis-file-list__status">
        {item.status === 'waiting' && <Trans>Waiting to upload</Trans>}
        {item.status === 'uploading' && (
          <>
            <progress max={100} value={percent} aria-label={t`Uploading ${name}`} /> <Trans>{percent}% uploaded</Trans>
          </>
        )}
        {item.status === 'uploaded' && <Trans>Uploaded</Trans>}
        {item.status === 'removing' && <Trans>Removing…</Trans>}
        {item.status === 'failed' && (
          <span className="solis-error-message">
            <FailedUploadText error={item.error} />
          </span>
        )}
        {item.status === 'uploaded' && item.error && (
          <span className="solis-error-message">
            <Trans>This file could not be removed just now. Please try again.</Trans>
          </span>
        )}
      </span>
      <span className="solis-file-list__actions">
        {item.status === 'failed' && (
          <button type="button" className="solis-button solis-button--secondary" onClick={onRetry}>
            <Trans>Try again</Trans>{' '}
            <span className="solis-visually-hidden">{name}</span>
          </button>
        )}
        {item.status !== 'uploading' && item.status !== 'removing' && (
          <button type="button" className="solis-button solis-button--secondary" onClick={onRemove}>
            <Trans>Remove</Trans>{' '}
            <span className="solis-visually-hidden">{name}</span>
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * Why a file was not taken, where the server said (decision 179): too many uploads in the hour, or a
 * step that no longer takes files; otherwise the connection.
 */
function FailedUploadText({ error }: { error: UploadItem['error'] }) {
  if (error?.kind === 'server' && (error.status === 429 || error.code === 'RATE_LIMITED')) {
    return <Trans>You have uploaded many files in a short time. Please wait a while and try again.</Trans>;
  }
  if (error?.kind === 'conflict' && error.code === 'STEP_OUT_OF_ORDER') {
    return <Trans>This step no longer takes files. Reload the page to see where your application is.</Trans>;
  }
  return <Trans>This file could not be uploaded. Check your connection and try again.</Trans>;
}
