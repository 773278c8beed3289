import { DocumentUploadsForm } from '../../features/document-uploads/document-uploads';
import contract from './contract';
import { useStatementTexts } from './statement-texts';

/** The co-borrower's variant (section 2): their own statements; each person sees only their own files. */
export default function UploadBankAccountStatementDocumentsCoBorrower() {
  return <DocumentUploadsForm taskKey="uploadBankAccountStatementDocuments" contract={contract} texts={useStatementTexts('COBORROWER')} />;
}
