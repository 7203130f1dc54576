/**
 * A phone number as stored (international digits, e.g. 237699000000) written the way people
 * in Cameroon read it: +237 6 99 00 00 00.
 */
export const displayPhone = (digits: string) =>
  `+${digits.slice(0, 3)} ${digits.slice(3).replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, "$1 $2 $3 $4 $5")}`;

/** The `tel:` link of a number stored as international digits. */
export const telHref = (digits: string) => `tel:+${digits}`;
