import { describe, expect, it } from 'vitest';
import { signupSchema } from './auth';
import { shippingAddressSchema } from './checkout';
import { profileFormSchema } from './profile';

const address = {
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
};

const shipping = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  line1: '14 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
};

/** The first message per field path, like the form shows them. */
function messages(input: unknown): Record<string, string> {
  const result = profileFormSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('profileFormSchema (the profile form in edit mode)', () => {
  it('accepts an empty name and phone, and normalises phone and pincode to digits', () => {
    const parsed = profileFormSchema.parse({
      name: '',
      phone: '91234-56780',
      address: { ...address, pincode: '560 001' },
    });
    expect(parsed).toMatchObject({
      name: '',
      phone: '9123456780',
      address: { pincode: '560001', country: 'India' },
    });
  });

  it('accepts +91, 0 and 91 prefixed phones and keeps their 10 digits', () => {
    for (const phone of ['+91 98450 12345', '098450-12345', '919845012345']) {
      expect(profileFormSchema.parse({ phone, address }).phone, phone).toBe('9845012345');
    }
    expect(shippingAddressSchema.parse({ ...shipping, phone: '+91 98450 12345' }).phone).toBe('9845012345');
    expect(signupSchema.shape.phone.parse('+91-98450-12345')).toBe('9845012345');
    expect(profileFormSchema.safeParse({ phone: '+91 98450 1234', address }).success).toBe(false);
  });

  it("answers the profile form's messages", () => {
    expect(
      messages({
        name: 'A',
        phone: '12345',
        address: { line1: ' ', city: '', state: 'Narnia', pincode: '012345', country: 'Nepal' },
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      phone: 'Invalid Indian phone number',
      'address.line1': 'Address is required',
      'address.city': 'City is required',
      'address.state': 'State is required',
      'address.pincode': 'Invalid Indian pincode',
      'address.country': 'Only India is supported',
    });
  });

  it('requires the address while editing', () => {
    expect(Object.keys(messages({ name: 'Asha' }))).toEqual(['address']);
  });
});
