/**
 * Indian mobile numbers as shoppers type, paste and autofill them: "98765 43210",
 * "+91 98450 12345", "098450-12345". One rule for the inputs and for the server's schemas.
 */

/**
 * The digits of a mobile number without the country code or trunk prefix: "+91 98450 12345" gives
 * "9845012345". A number with another country code keeps it and its "+" ("+65 9845 0123" gives
 * "+6598450123"), so it never passes for an Indian mobile however many digits it has.
 */
export function normaliseIndianMobile(value: string): string {
  const trimmed = value.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && digits.length > 2 && !digits.startsWith('91')) return `+${digits}`;
  // +91 always is the country code; a bare 91 only when it leaves 10 digits.
  if ((trimmed.startsWith('+') && digits.startsWith('91')) || (digits.length === 12 && digits.startsWith('91'))) {
    digits = digits.slice(2);
  }
  // The trunk prefix 0 (dialled within India) before 10 digits.
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/**
 * What a phone input shows after each keystroke or paste: `normaliseIndianMobile`, then at most 10
 * digits. A country code still being typed stays ("+", "+9"), and so does an 11th digit after a
 * leading 91 (the 12th may make it +91 and 10 digits), so typing "+91 98450 12345" or
 * "919845012345" key by key ends at "9845012345".
 */
export function typedIndianMobile(value: string): string {
  const trimmed = value.trimStart();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && '91'.startsWith(digits) && digits.length < 2) return `+${digits}`;
  // The input shows digits only: another country's "+" is dropped here (the number still fails the check).
  const normalised = normaliseIndianMobile(value).replace(/^\+/, '');
  if (normalised.length === 11 && normalised.startsWith('91')) return normalised;
  return normalised.slice(0, 10);
}
