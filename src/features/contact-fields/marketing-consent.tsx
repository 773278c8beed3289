import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../components/form/form-fields';
import { Modal } from '../../components/modal';
import '../../components/link-button.css';

export interface MarketingConsentFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The step's optional marketing consent (a `flag` of its contract, e.g. `consentMarketing`). */
  name: FieldPath<TValues>;
}

/**
 * The optional marketing consent as every step that asks it shows it (section 2, "Other UI:
 * marketing consent modal"): the checkbox, and beside it "What this means", which opens a dialog
 * saying what the consent covers, that it can be withdrawn and that the loan does not depend on it.
 * "I agree" ticks the box, "No, thank you" unticks it; Escape leaves it as it was.
 */
export function MarketingConsentField<TValues extends FieldValues, TOutput>({ form, name }: MarketingConsentFieldProps<TValues, TOutput>) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const choose = (agreed: boolean) => {
    form.setValue(name, agreed as PathValue<TValues, FieldPath<TValues>>, { shouldDirty: true, shouldTouch: true });
    setOpen(false);
  };
  return (
    <div className="solis-marketing-consent">
      <CheckboxField form={form} name={name} label={t`I would like to receive offers and news from Solis (optional).`} />
      <button type="button" className="solis-link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Trans>What this means</Trans>
        <span className="solis-visually-hidden">
          {' '}
          <Trans>(marketing consent)</Trans>
        </span>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Offers and news from Solis</Trans>}
        actions={
          <>
            <button type="button" className="solis-button" onClick={() => choose(true)}>
              <Trans>I agree</Trans>
            </button>
            <button type="button" className="solis-button solis-button--secondary" onClick={() => choose(false)}>
              <Trans>No, thank you</Trans>
            </button>
          </>
        }
      >
        <MarketingConsentText />
      </Modal>
    </div>
  );
}

/** What the marketing consent covers (the dialog's content). */
function MarketingConsentText() {
  return (
    <>
      <p>
        <Trans>If you agree, Solis may send you offers and news about its products and services:</Trans>
      </p>
      <ul className="solis-list">
        <li>
          <Trans>by e-mail</Trans>
        </li>
        <li>
          <Trans>by text message (SMS)</Trans>
        </li>
        <li>
          <Trans>by phone</Trans>
        </li>
      </ul>
      <p>
        <Trans>You can withdraw your consent at any time in self-service or by contacting us.</Trans>
      </p>
      <p>
        <Trans>Your consent is not needed for this loan: whether you agree or not does not affect your application.</Trans>
      </p>
    </>
  );
}
