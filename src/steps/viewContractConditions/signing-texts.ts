/** The signing screens' words now live with the shared signing screens (src/components/signing). */
export { MOBILE_ID_TEXTS, SIGNING_TEXTS } from '../../components/signing/signing-texts';
