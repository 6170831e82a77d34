// Minimal form state: values, the errors shown under fields, validation on submit and again on
// every change after the first submit.
import { useState, type FormEvent } from 'react';

import type { FieldErrors } from '../utils/validation';

export function useFormFields<V extends Record<keyof V, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = (name: keyof V & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  /** Submit handler: shows the errors, or calls onValid with the values when there are none. */
  const handleSubmit = (onValid: (valid: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setErrors, setValue, handleSubmit, reset };
}
