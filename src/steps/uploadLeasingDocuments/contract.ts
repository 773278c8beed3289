/**
 * UploadLeasingDocuments (section 2, corporate steps; issue 24; decision 182): like the other upload
 * steps, the form asks nothing it sends: the seller's offer for the leased asset goes to
 * `POST .../document` as it is added, under the corporate limits (5 MiB a file, 10 files).
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
