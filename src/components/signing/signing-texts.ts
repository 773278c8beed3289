/**
 * The words of the signing screens' message keys (core/domain/signing.ts SIGNING_MESSAGES; section 8),
 * translated where the screens are built (docs/decisions/140).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SigningMessageKey } from '../../../core/domain/signing';

export const SIGNING_TEXTS: Record<SigningMessageKey, MessageDescriptor> = {
  'signing.messages.signed': msg`Your contract is signed.`,
  'signing.messages.alreadySigned': msg`This contract has already been signed.`,
  'signing.messages.wrongVerificationCode': msg`The verification code you chose in the Smart-ID app was not the one shown here. Please try again and choose the code shown on this page.`,
  'signing.messages.timeout': msg`The signing was not confirmed in time. Please try again and confirm it in the Smart-ID app.`,
  'signing.messages.userCancelled': msg`The signing was cancelled in the Smart-ID app. You can try again when you are ready.`,
  'signing.messages.notClient': msg`We could not find a Smart-ID account for you. Please choose another way to sign.`,
  'signing.messages.invalidCertificateLevel': msg`Your Smart-ID account cannot be used to sign a contract. Please choose another way to sign.`,
  'signing.messages.namesDontMatch': msg`The name on your Smart-ID account does not match the name in the application. Please choose another way to sign.`,
  'signing.messages.providerMisconfigured': msg`Signing with Smart-ID is not available just now. Please choose another way to sign.`,
  'signing.messages.providerError': msg`The Smart-ID service had a problem. Please try again.`,
  'signing.messages.technicalError': msg`Something went wrong on our side. Please try again.`,
  'signing.messages.signingFailed': msg`The contract was not signed. Please try again.`,
  'signing.messages.unknown': msg`The signing did not finish. Please try again.`,
  'signing.messages.authenticationFailed': msg`We could not confirm your identity with eParaksts. Please try again.`,
  'signing.messages.certificateInactive': msg`Your eParaksts signing certificate is not active. Please activate it, or choose another way to sign.`,
  'signing.messages.paymentFailed': msg`The payment did not go through, so the contract is not signed. Please try again.`,
  'signing.messages.disabled.restrictedHours': msg`Contracts cannot be signed online at this time of day. Please come back later, or choose another way to sign.`,
  'signing.messages.disabled.overLimit': msg`The loan amount is over the limit for signing online. Please choose another way to sign.`,
  'signing.messages.disabled.productNotEnabled': msg`This loan cannot be signed online. Please choose another way to sign.`,
  'signing.messages.disabled.namesDontMatch': msg`The name in the application does not match the name of the signer. Please choose another way to sign.`,
  'signing.messages.disabled.technicalIssues': msg`Signing online is not available just now because of technical issues. Please try again later, or choose another way to sign.`,
};

/**
 * Mobile-ID's own words where the Smart-ID ones name the Smart-ID app (docs/decisions/143). Mobile-ID
 * answers no wrong verification code and no certificate level, so those keep the Smart-ID words.
 */
export const MOBILE_ID_TEXTS: Partial<Record<SigningMessageKey, MessageDescriptor>> = {
  'signing.messages.timeout': msg`The signing was not confirmed in time. Please try again and confirm it on your phone with your Mobile-ID PIN2.`,
  'signing.messages.userCancelled': msg`The signing was cancelled on your phone. You can try again when you are ready.`,
  'signing.messages.notClient': msg`We could not find an active Mobile-ID for your phone number and personal code. Please choose another way to sign.`,
  'signing.messages.namesDontMatch': msg`The name on your Mobile-ID does not match the name in the application. Please choose another way to sign.`,
  'signing.messages.providerMisconfigured': msg`Signing with Mobile-ID is not available just now. Please choose another way to sign.`,
  'signing.messages.providerError': msg`The Mobile-ID service had a problem. Please try again.`,
};
