/**
 * UploadCampaignDocuments (section 2 Documents; issue 13; decision 159): like the bank statements'
 * step, the form asks nothing it sends: the seller's offer goes to `POST .../document` as it is added.
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
