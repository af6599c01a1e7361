import { z } from 'zod';
import { isIsoDate } from './clock.ts';
import { ApiError } from './http.ts';

// Field builders that give Laravel's 422 wording, and the conversion of a zod failure into the
// contract's `{message, errors:{field:[msg]}}` body. Request bodies and query strings both use them.

const label = (field: string): string => field.replace(/_/g, ' ');

/** The message for a missing required field, else the type message. */
const typed = (field: string, type: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `The ${label(field)} field is required.` : `The ${label(field)} field must be ${type}.`,
});

const toNumber = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

const toBoolean = (value: unknown): unknown => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
};

export const field = {
  text: (name: string, max: number) =>
    z.string(typed(name, 'a string')).max(max, { error: `The ${label(name)} field must not be greater than ${max} characters.` }),
  number: (name: string, min: number, max: number) =>
    z.preprocess(
      toNumber,
      z
        .number(typed(name, 'a number'))
        .min(min, { error: `The ${label(name)} field must be between ${min} and ${max}.` })
        .max(max, { error: `The ${label(name)} field must be between ${min} and ${max}.` }),
    ),
  integer: (name: string, min = 1, max = Number.MAX_SAFE_INTEGER) =>
    z.preprocess(
      toNumber,
      z
        .number(typed(name, 'an integer'))
        .int({ error: `The ${label(name)} field must be an integer.` })
        .min(min, { error: `The ${label(name)} field must be at least ${min}.` })
        .max(max, { error: `The ${label(name)} field must not be greater than ${max}.` }),
    ),
  flag: (name: string) => z.preprocess(toBoolean, z.boolean(typed(name, 'true or false'))),
  oneOf: <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
    z.enum(values, { error: (issue) => (issue.input === undefined ? `The ${label(name)} field is required.` : `The selected ${label(name)} is invalid.`) }),
  date: (name: string) =>
    z.string(typed(name, 'a string')).refine(isIsoDate, { error: `The ${label(name)} field must match the format Y-m-d.` }),
};

export function validationError(message: string, errors: Record<string, string[]>): ApiError {
  return new ApiError(422, { message, errors });
}

/** Laravel's summary: the first message, then "(and N more errors)". */
export function laravelMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
}

export function zodToErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parse or answer 422. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = zodToErrors(result.error);
  throw validationError(laravelMessage(errors), errors);
}

/** A query string as a plain object (last value wins), for `validate`. */
export function queryObject(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(query);
}
