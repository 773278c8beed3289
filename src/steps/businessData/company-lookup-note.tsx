/**
 * What the business register said of the code businessData's applicant left (decision 181): the
 * company's name (and its name and field of activity filled in), or why the code cannot be used.
 * A chunk of its own, loaded once the register has answered (the step's budget, decision 041).
 */
import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { companyLookupView } from './company-lookup-view';
import type { companyLookupMachine } from './company-lookup.machine';

interface CompanyLookupNoteProps {
  lookup: ActorRefFrom<typeof companyLookupMachine>;
  setValue: (name: 'businessName' | 'industryCode', value: string, options: { shouldDirty: boolean; shouldValidate: boolean }) => void;
}

export default function CompanyLookupNote({ lookup, setValue }: CompanyLookupNoteProps) {
  const company = useSelector(lookup, companyLookupView);
  // The register's name and field of activity fill the form once found (the server keeps the register's anyway).
  useEffect(() => {
    if (company.kind !== 'found') return;
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('businessName', company.businessName, options);
    if (company.industryCode) setValue('industryCode', company.industryCode, options);
  }, [company, setValue]);
  if (company.kind === 'found') return <Trans>Found in the business register: {company.businessName}</Trans>;
  if (company.kind === 'unknown') return <Trans>We could not find this registration code in the business register. Check the code and the country.</Trans>;
  if (company.kind === 'refused') return <Trans>The business register shows this company is not active or is in liquidation, so it cannot apply for financing.</Trans>;
  return null;
}
