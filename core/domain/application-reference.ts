/**
 * The reference an applicant quotes for their application (terminal pages show it, issue 8): the
 * first eight characters of its external id, upper-case, in two groups ("3F2A-9C1B"). Short enough
 * to read out on the phone; the bank's back office finds the application by this prefix. The
 * external id itself stays the key (docs/decisions/081-form-baseline.md).
 */
export function applicationReference(externalId: string): string {
  const head = externalId.replace(/[^0-9a-zA-Z]/g, '').slice(0, 8).toUpperCase();
  return head.length > 4 ? `${head.slice(0, 4)}-${head.slice(4)}` : head;
}
