import { contactInput, mobileNumberProblem, type ContactInput } from '@portal/contract';
import { zodFormValidator } from '../../shared/forms/zod-form-validator';

const bySchema = zodFormValidator<ContactInput>(contactInput);

/**
 * The Add/Edit User profile as the server checks it (docs/product.md §5, and decision 0034: a mobile number must be a valid
 * phone number). `storedMobile` is the number the user already has: it may stay as it is, as the server allows.
 */
export function userProfileValidator(storedMobile?: string | null) {
  return (values: ContactInput): Record<string, string> => {
    const errors = bySchema(values);
    const mobile = values.mobile?.trim();
    if (!errors.mobile && mobile !== (storedMobile ?? '')) {
      const problem = mobileNumberProblem(mobile);
      if (problem) errors.mobile = problem;
    }
    return errors;
  };
}
