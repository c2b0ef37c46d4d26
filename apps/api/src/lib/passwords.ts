import { hash } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors';

/**
 * argon2id at 19 MiB and 3 passes, one lane (ADR 016: measured on the shop's machine, above
 * OWASP's m=19 MiB, t=2 minimum). verify() reads the parameters from each stored hash, so hashes
 * made with other parameters keep working. The algorithm is the library's default, argon2id (its
 * Algorithm is a const enum, which this project's module settings cannot import).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 3, parallelism: 1 };

/** The argon2id hash of a password, with the shop's parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Shoppers' passwords are at least this long; the contract says so too. */
export const MIN_PASSWORD_LENGTH = 8;
/** Admins' passwords are at least this long; the admin contract says so too. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose another.';
export const PERSONAL_PASSWORD_MESSAGE = 'The password must not be your name, e-mail or phone number.';

let common: Set<string> | undefined;
/** zxcvbn-ts's 49,233 most common passwords (from real leaks), lower-cased, loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

/** Letters and digits only, lower-cased: "Meera.Iyer" and "meera iyer" read alike. */
const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Who the password belongs to; whatever is known of them. */
export interface PasswordOwner {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * Why a password is refused, or undefined when it is acceptable. Lengths are checked by the
 * contract where the forms see them, and again here for admins (ADMIN_PASSWORD has no form).
 */
export function passwordProblem(password: string, owner: PasswordOwner, minLength = MIN_PASSWORD_LENGTH) {
  if (password.length < minLength) return `The password must be at least ${minLength} characters.`;
  // Eight spaces, "aaaaaaaa": one character repeated is no password.
  if (new Set(password.trim()).size <= 1) return COMMON_PASSWORD_MESSAGE;
  if (commonPasswords().has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  const typed = normalise(password);
  const personal = [owner.name, owner.name?.split(/\s+/), owner.email, owner.email?.split('@')[0], owner.phone]
    .flat()
    .map((value) => normalise(value ?? ''))
    .filter((value) => value.length >= 4);
  // Refused when the password is mostly one of them: "meeraiyer2024", "9876543210!".
  if (personal.some((value) => typed.includes(value) && value.length * 2 >= typed.length)) {
    return PERSONAL_PASSWORD_MESSAGE;
  }
  return undefined;
}

/** Throws 400 with the reason on the form's field when the password is refused. */
export function refuseWeakPassword(password: string, owner: PasswordOwner, minLength?: number, field = 'password') {
  const problem = passwordProblem(password, owner, minLength);
  if (problem) throw new AppError('INVALID_DATA', problem, { errors: { [field]: [problem] } });
}
