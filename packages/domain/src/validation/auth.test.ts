import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { BusinessRegisterFormSchema, LoginSchema, MESSAGES, RegisterFormSchema, RegisterPayloadSchema, toRegisterPayload } from './auth';

const valid = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'secret1', userType: 'USER' };

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error as never);
}

describe('RegisterPayloadSchema', () => {
  it('accepts a valid individual and lower-cases the email', () => {
    expect(RegisterPayloadSchema.parse({ ...valid, email: ' Ada@Example.com ' })).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'secret1',
      userType: 'USER',
    });
  });

  it.each([
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: undefined }, 'email', MESSAGES.emailRequired],
    [{ email: 'a@b' }, 'email', MESSAGES.emailMin],
    [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [{ firstName: '' }, 'firstName', MESSAGES.firstNameRequired],
    [{ firstName: 'A' }, 'firstName', MESSAGES.firstNameMin],
    [{ lastName: 'x'.repeat(51) }, 'lastName', MESSAGES.lastNameMax],
    [{ password: '' }, 'password', MESSAGES.passwordRequired],
    [{ password: 'a1' }, 'password', MESSAGES.passwordMin],
    [{ password: '1234567' }, 'password', MESSAGES.passwordLetter],
    [{ password: 'abcdefg' }, 'password', MESSAGES.passwordNumber],
    [{ userType: 'ADMIN' }, 'userType', MESSAGES.userTypeInvalid],
    [{ userType: 'BUSINESS' }, 'businessName', MESSAGES.businessNameRequired],
    [{ userType: 'BUSINESS', businessName: 'X' }, 'businessName', MESSAGES.businessNameMin],
  ])('%o → %s: %s', (change, field, message) => {
    expect(errorsOf(RegisterPayloadSchema, { ...valid, ...change })[field]).toBe(message);
  });

  it('drops a blank business name and makes a non-blank one a BUSINESS', () => {
    expect(RegisterPayloadSchema.parse({ ...valid, businessName: '   ' })).not.toHaveProperty('businessName');
    expect(RegisterPayloadSchema.parse({ ...valid, businessName: 'Acme Ltd' })).toMatchObject({
      userType: 'BUSINESS',
      businessName: 'Acme Ltd',
    });
  });

  it('ignores fields it does not know, such as a role', () => {
    expect(RegisterPayloadSchema.parse({ ...valid, role: 'ADMIN' })).not.toHaveProperty('role');
  });
});

describe('registration forms', () => {
  const form = { email: 'ada@example.com', firstName: 'Ada', lastName: '', businessName: '', password: 'secret1', confirmPassword: 'secret1' };

  it('asks to confirm the password, and for both to match', () => {
    expect(errorsOf(RegisterFormSchema, { ...form, confirmPassword: '' }).confirmPassword).toBe(MESSAGES.confirmRequired);
    expect(errorsOf(RegisterFormSchema, { ...form, confirmPassword: 'secret2' }).confirmPassword).toBe(MESSAGES.passwordsMatch);
    expect(RegisterFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires the business name on the business form', () => {
    expect(errorsOf(BusinessRegisterFormSchema, form).businessName).toBe(MESSAGES.businessNameRequired);
    expect(errorsOf(BusinessRegisterFormSchema, { ...form, businessName: 'A' }).businessName).toBe(MESSAGES.businessNameMin);
  });

  it('never sends confirmPassword and derives the type', () => {
    const payload = toRegisterPayload({ ...form, businessName: ' Acme ' }, 'USER');
    expect(payload).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: '', password: 'secret1', userType: 'BUSINESS', businessName: 'Acme' });
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(toRegisterPayload(form, 'USER')).not.toHaveProperty('businessName');
  });
});

describe('LoginSchema', () => {
  it('needs an email and a password', () => {
    expect(errorsOf(LoginSchema, { email: '', password: '' })).toEqual({ email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired });
  });
});
