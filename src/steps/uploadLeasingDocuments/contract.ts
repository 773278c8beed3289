/** PLACEHOLDER (replaced by B on merge): the documents (SALE_OFFER) go to `POST .../document`; the form sends nothing. */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}), example: () => ({}) });
