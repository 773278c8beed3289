/**
 * UploadBankAccountStatementDocuments (section 2 Documents; issue 13; decision 150): the form asks
 * nothing the step sends. The files go one by one to `POST .../document` as they are added (the
 * uploads machine), and the server finds them there; continuing only says the person is done.
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
