import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import * as v from 'valibot';
import { useLocation, useNavigate } from 'react-router-dom';
import { resumeMachine } from '../../../machines/resume/resume.machine';
import { requestResumeLink, resumeByLogin } from '../../api/resume.api';
import { rejectingWithAppError } from '../../api/app-error';
import type { ResumeByLoginReply, ResumeLinkReply, ResumeLinkRequest } from '../../../core/wire/resume.schema';
import { countryOfDomain } from '../../../core/domain/business-domains';
import { AUTHENTICATION_METHODS_BY_COUNTRY, SSO_PATH, type AuthenticationMethod } from '../../../core/domain/identification';
import { isLocale } from '../../../core/domain/languages';
import { MESSAGES } from '../../../core/validation/messages';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { StepForm, TextField } from '../../components/form/form-fields';
import { useStepForm } from '../../components/form/use-step-form';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { AppLayout } from '../app-layout';
import { useInspect } from '../inspect-context';
import { useLocaleState } from '../locale-context';
import '../../components/method-list.css';
import './resume-page.css';

/** The resume machine with its I/O. */
const providedResumeMachine = resumeMachine.provide({
  actors: {
    resumeByLogin: fromPromise<ResumeByLoginReply>(({ signal }) => rejectingWithAppError(() => resumeByLogin({ signal }))),
    requestResumeLink: fromPromise<ResumeLinkReply, ResumeLinkRequest>(({ input, signal }) => rejectingWithAppError(() => requestResumeLink(input, { signal }))),
  },
});

/** The bank's login service, coming back to this page (decision 195; the path is on the redirect allowlist). */
export function resumeSsoHref(method: AuthenticationMethod, locale: string, origin: string = window.location.origin): string {
  const back = new URL('/resume', origin);
  back.searchParams.set('lang', locale);
  const query = new URLSearchParams({ originalUrl: back.toString(), method, language: locale });
  return `${SSO_PATH}?${query.toString()}`;
}

type LinkFormValues = { personalCode: string; email: string };

/**
 * `/resume` (issue 26 item 2; decision 195): come back to an application on any day and any device.
 * Logging in (the country's methods at the bank's login service) continues at once; a link by e-mail
 * needs the personal code and the address given on the first page. Back from the login service, the
 * page asks whether the login found an open application and, if so, continues it.
 */
export function ResumePage() {
  const { t } = useLingui();
  const { locale } = useLocaleState();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const inspect = useInspect();
  const actor = useActorRef(providedResumeMachine, inspect ? { inspect } : {});
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  const country = countryOfDomain(config.businessDomain);
  const methods = AUTHENTICATION_METHODS_BY_COUNTRY[country];
  const methodNames: Record<AuthenticationMethod, string> = { SMART_ID: t`Smart-ID`, MOBILE_ID: t`Mobile-ID`, ID_CARD: t`ID card`, BANK_LINK: t`Internet bank` };
  const loginOffered = config.providers?.login !== false;
  const ssoResult = new URLSearchParams(location.search).get('ssoResult');
  const pageLocale = isLocale(locale) ? locale : 'en';

  // Only "filled in" here: the server checks both by the first page's rules and its 422 shows on the
  // fields (the rule modules stay in the step chunks that carry them; decision 195).
  const filled = v.pipe(v.string(), v.trim(), v.minLength(1, MESSAGES.required));
  const schema = v.object({ personalCode: filled, email: filled });
  const linkForm = useStepForm<LinkFormValues, v.InferOutput<typeof schema>>({
    schema,
    defaultValues: { personalCode: '', email: '' },
    requiredMessages: { personalCode: t`Enter your personal code`, email: t`Enter your e-mail address` },
  });

  useEffect(() => {
    if (state !== 'resumed' || !context.externalId) return;
    const query = new URLSearchParams({ externalId: context.externalId, lang: pageLocale });
    navigate({ pathname: '/', search: `?${query.toString()}` }, { replace: true });
  }, [state, context.externalId, pageLocale, navigate]);

  const { applyServerErrors } = linkForm;
  const linkError = context.linkError;
  useEffect(() => {
    if (linkError?.kind === 'validation') applyServerErrors(linkError.fieldErrors);
  }, [linkError, applyServerErrors]);

  if (state === 'checking' || state === 'resumed') {
    return (
      <AppLayout>
        <PageHeading focusKey="resume">
          <Trans>Continue your application</Trans>
        </PageHeading>
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Looking for your application…</Trans>
        </p>
      </AppLayout>
    );
  }

  return (
    <AppLayout>
      <PageHeading focusKey="resume">
        <Trans>Continue your application</Trans>
      </PageHeading>
      <p>
        <Trans>Your answers are saved. You can continue on this device or another one, in one of two ways.</Trans>
      </p>

      {context.loggedInWithoutApplication && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We found no application in progress for the person who logged in. It may have been completed, withdrawn or started with another personal code.</Trans>
          </p>
        </div>
      )}
      {(ssoResult === 'cancelled' || ssoResult === 'failed' || ssoResult === 'mismatch') && !context.loggedInWithoutApplication && (
        <div className="solis-notice" role="alert">
          <p>
            {ssoResult === 'cancelled' ? (
              <Trans>Logging in was cancelled. Choose a method to try again.</Trans>
            ) : (
              <Trans>Logging in did not succeed. Choose a method to try again.</Trans>
            )}
          </p>
        </div>
      )}
      {context.checkError && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We could not check whether you have logged in. You can log in again or get a link by e-mail.</Trans>
          </p>
        </div>
      )}

      <h2 className="solis-subheading" id="resume-login-heading">
        <Trans>Log in</Trans>
      </h2>
      {loginOffered ? (
        <>
          <p>
            <Trans>The quickest way: you go to the bank’s secure login page and come straight back to the step you left.</Trans>
          </p>
          <ul className="solis-method-list solis-resume__methods" aria-labelledby="resume-login-heading">
            {methods.map((method) => (
              <li key={method}>
                <a className="solis-button solis-button--secondary" href={resumeSsoHref(method, pageLocale)}>
                  <Trans>Log in with {methodNames[method]}</Trans>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <Trans>Logging in is not available at the moment. Get a link by e-mail instead.</Trans>
        </p>
      )}

      <h2 className="solis-subheading">
        <Trans>Get a link by e-mail</Trans>
      </h2>
      {state === 'sent' ? (
        <div className="solis-notice" role="status">
          <p>
            <Trans>
              If an application in progress has this personal code and the e-mail address {context.sentTo}, we have sent a link to it. The link works
              once, for {context.expiresInMinutes} minutes. Check your spam folder too.
            </Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => actor.send({ type: 'resume.anotherLink' })}>
            <Trans>Send another link</Trans>
          </button>
        </div>
      ) : (
        <StepForm
          stepForm={linkForm}
          aria-label={t`Get a link by e-mail`}
          onSubmit={(values) => actor.send({ type: 'resume.linkRequested', request: { personalCode: values.personalCode, email: values.email, language: pageLocale } })}
        >
          <p>
            <Trans>Enter the personal code and the e-mail address you gave on the first page. We send the link to that address.</Trans>
          </p>
          {linkError && linkError.kind !== 'validation' && (
            <div className="solis-notice" role="alert">
              <p>
                {linkError.kind === 'server' && linkError.status === 429 ? (
                  <Trans>You have asked for several links in a short time. Please wait an hour, or log in instead.</Trans>
                ) : (
                  <Trans>We could not send the link. Check your connection and try again.</Trans>
                )}
              </p>
            </div>
          )}
          <TextField
            form={linkForm.form}
            name="personalCode"
            label={t`Personal code`}
            hint={country === 'LV' ? t`As on your ID card, like 010190-12306` : t`11 digits, as on your ID card`}
            autoComplete="off"
            inputMode={country === 'LV' ? 'text' : 'numeric'}
            width="20"
          />
          <TextField form={linkForm.form} name="email" type="email" label={t`E-mail`} autoComplete="email" inputMode="email" />
          {/* A plain submit button: SubmitButton here split it out of the step chunks into one of its own (decision 195). */}
          <button type="submit" className="solis-button" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            <Trans>Send me a link</Trans>
          </button>
        </StepForm>
      )}
    </AppLayout>
  );
}
