/** Anything shaped like an e-mail address, with the angle brackets SMTP puts around one. */
const ADDRESS = /<?[^\s<>@"',;:()]+@[^\s<>"',;:()]+>?/g;

/**
 * An SMTP server's words with every address taken out, for the log and the sent marker: servers quote
 * the recipient in refusals ("450 4.1.1 <anna@example.org>: Recipient address rejected"), and the
 * logs keep mail ids and kinds, never addresses (issue 20). The mail id finds the mail's origin.
 */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '<Adresse>');
}
