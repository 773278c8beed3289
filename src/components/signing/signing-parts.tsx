/** Small pieces every signing screen uses (ViewContractConditions, signCurrentAccountContract). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SigningMessageKey } from '../../../core/domain/signing';
import { MOBILE_ID_TEXTS, SIGNING_TEXTS } from './signing-texts';

/** A signing message key in the reader's language (Mobile-ID's own words where it has them). */
export function MessageText({ messageKey, mobileId = false }: { messageKey: SigningMessageKey; mobileId?: boolean }) {
  const { i18n } = useLingui();
  return <>{i18n._((mobileId ? MOBILE_ID_TEXTS[messageKey] : undefined) ?? SIGNING_TEXTS[messageKey])}</>;
}

export function OtherMethodButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="solis-button solis-button--secondary" onClick={onClick}>
      <Trans>Choose another way to sign</Trans>
    </button>
  );
}
