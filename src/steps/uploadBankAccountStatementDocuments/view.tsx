import { DocumentUploadsForm } from '../../features/document-uploads/document-uploads';
import contract from './contract';
import { useStatementTexts } from './statement-texts';

/**
 * UploadBankAccountStatementDocuments (section 2; issue 13; decision 150): the applicant's bank
 * statements for the months the bank asks about.
 */
export default function UploadBankAccountStatementDocuments() {
  return <DocumentUploadsForm taskKey="uploadBankAccountStatementDocuments" contract={contract} texts={useStatementTexts('APPLICANT')} />;
}
