import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPersonalCodeOnServer, cachedPersonalCodeCheck } from '../../api/validate.api';
import type { CountryCode } from '../../domain/business-domains';

/** What the server said about a code; `failed`: it could not say (network, 429, 5xx, timeout). */
export type PersonalCodeCheckOutcome = 'valid' | 'invalid' | 'failed';

export type PersonalCodeCheckState =
  | { status: 'idle' }
  /** `retry`: asked again after a failure (the "Check again" button stays in place meanwhile). */
  | { status: 'checking'; code: string; retry: boolean }
  | { status: PersonalCodeCheckOutcome; code: string };

/**
 * The personal code server check of sections 5 and 8, for codes that already passed the local
 * checks. One request per code at a time (a blur check and a submit share it); answers are cached
 * by `checkPersonalCodeOnServer`, failures are not, so the next `check` asks again. `state` is
 * about the latest code asked: a late answer for an older code only fills the cache.
 */
export function usePersonalCodeCheck(countryCode: CountryCode) {
  const [state, setState] = useState<PersonalCodeCheckState>({ status: 'idle' });
  const inFlight = useRef(new Map<string, { promise: Promise<PersonalCodeCheckOutcome>; controller: AbortController }>());
  const latestCode = useRef<string | null>(null);

  // Leaving the step cancels a pending check.
  useEffect(() => {
    const pending = inFlight.current;
    return () => {
      for (const { controller } of pending.values()) controller.abort();
    };
  }, []);

  const check = useCallback(
    (code: string): Promise<PersonalCodeCheckOutcome> => {
      latestCode.current = code;
      const pending = inFlight.current.get(code);
      if (pending) {
        setState((previous) => (previous.status === 'checking' && previous.code === code ? previous : { status: 'checking', code, retry: false }));
        return pending.promise;
      }
      const cached = cachedPersonalCodeCheck(code, countryCode);
      if (cached) {
        const outcome = cached.valid ? 'valid' : 'invalid';
        setState({ status: outcome, code });
        return Promise.resolve(outcome);
      }
      const controller = new AbortController();
      setState((previous) => ({
        status: 'checking',
        code,
        retry: previous.status === 'failed' && previous.code === code,
      }));
      const promise = checkPersonalCodeOnServer(code, { countryCode, signal: controller.signal }).then(
        ({ valid }): PersonalCodeCheckOutcome => (valid ? 'valid' : 'invalid'),
        // Section 8: a failed check counts as invalid; the view says it could not be made.
        (): PersonalCodeCheckOutcome => 'failed',
      );
      inFlight.current.set(code, { promise, controller });
      void promise.then((outcome) => {
        inFlight.current.delete(code);
        if (latestCode.current === code) setState({ status: outcome, code });
      });
      return promise;
    },
    [countryCode],
  );

  return { state, check };
}
