import { useLingui } from '@lingui/react/macro';

/** Section 5 (Latvia), said before it is checked: the Latvian views pass these to the screen. */
export function useLatvianHints() {
  const { t } = useLingui();
  return {
    citizenship: t`If you hold a Latvian non-citizen’s passport, choose Latvian non-citizen.`,
    workStart: t`For example, 1 9 2019. No more than 55 years ago.`,
    names: t`Letters, spaces and hyphens only, as in the identity document.`,
  };
}
