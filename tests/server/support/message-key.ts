/**
 * What a field error may say on the wire: a message key of core/validation/messages.ts, optionally
 * with the numeric values its wording takes (`validation.messages.moneyBelowMinimum?minEur=500`).
 * Limits and counts from the rules only: never a word of the applicant's input.
 */
export const WIRE_MESSAGE_KEY = /^validation\.messages\.[A-Za-z0-9]+(\?[A-Za-z0-9]+=-?[0-9.]+(&[A-Za-z0-9]+=-?[0-9.]+)*)?$/;
