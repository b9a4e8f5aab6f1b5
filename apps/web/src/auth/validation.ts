/**
 * Form rules of docs/BEHAVIOUR.md §5 with their exact messages, as react-hook-form rule objects. The messages
 * are part of the product: change them only together with docs/BEHAVIOUR.md §5.
 */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@mealplan/core';
import type { RegisterOptions } from 'react-hook-form';

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailFormat: 'Entered value does not match email format',
  passwordRequired: 'Password is required',
  passwordLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  required: 'Required',
} as const;

export const emailRules = {
  required: MESSAGES.emailRequired,
  pattern: { value: EMAIL_PATTERN, message: MESSAGES.emailFormat },
} satisfies RegisterOptions;

export const passwordRules = {
  required: MESSAGES.passwordRequired,
  minLength: { value: PASSWORD_MIN_LENGTH, message: MESSAGES.passwordLength },
} satisfies RegisterOptions;

/** Profile names and the co-planner's names: anything but blank. */
export const requiredRules = {
  required: MESSAGES.required,
  validate: (value: unknown) => (typeof value === 'string' && value.trim() === '' ? MESSAGES.required : true),
} satisfies RegisterOptions;

/** The same checks as plain functions, for code outside forms and for tests. Undefined = valid. */
export function validateEmail(value: string): string | undefined {
  if (!value) return MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(value) ? undefined : MESSAGES.emailFormat;
}

export function validatePassword(value: string): string | undefined {
  if (!value) return MESSAGES.passwordRequired;
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : MESSAGES.passwordLength;
}
