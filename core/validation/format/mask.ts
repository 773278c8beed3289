/** Section 9: masking default: max length 15, first 5 and last 5 characters with '...'. */
export const MASK_DEFAULTS = { maxLength: 15, head: 5, tail: 5, filler: '...' } as const;

/**
 * Shortens a long value (an account number on a contract card) to its first and last
 * characters: "EE382200221020145685" -> "EE382...45685". Values up to maxLength are unchanged.
 */
export function maskMiddle(
  value: string,
  options: { maxLength?: number; head?: number; tail?: number } = {},
): string {
  const { maxLength = MASK_DEFAULTS.maxLength, head = MASK_DEFAULTS.head, tail = MASK_DEFAULTS.tail } = options;
  if (value.length <= maxLength) return value;
  return `${value.slice(0, head)}${MASK_DEFAULTS.filler}${value.slice(value.length - tail)}`;
}
