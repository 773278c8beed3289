/**
 * businessData's section for bank staff (decision 110): only an embedded customer administrator
 * sees it, so it is a chunk of its own that only they load (the step's budget, decision 041).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../components/form/form-fields';
import { RadiosField } from '../../components/form/question-fields';
import { ADMINISTRATOR_CHANNELS } from './contract';
import { msg } from '@lingui/core/macro';

const CHANNEL_LABELS = {
  CALL_CENTER: msg`By phone, through the call centre`,
  OFFICE: msg`In a bank office`,
} as const;

// The step's form, as its view holds it (the fields this section binds are the contract's).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export default function StaffSection({ form }: { form: UseFormReturn<any, unknown, any> }) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className="solis-fieldset">
      <legend className="solis-fieldset__legend">
        <Trans>For bank staff</Trans>
      </legend>
      <RadiosField
        form={form}
        name="channel"
        label={t`How did the customer contact the bank?`}
        options={ADMINISTRATOR_CHANNELS.map((value) => ({ value, label: i18n._(CHANNEL_LABELS[value]) }))}
      />
      <CheckboxField
        form={form}
        name="customerIdentified"
        label={t`I have identified the company's representative with a valid identity document or a secure electronic ID`}
      />
    </fieldset>
  );
}
