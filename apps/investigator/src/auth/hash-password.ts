import { argon2id, hash } from 'argon2';

/**
 * The stored form of a user's password: an argon2id PHC string (`$argon2id$v=19$m=…`), salted, from the
 * `argon2` package (the reference implementation's binding; hashing runs off the event loop).
 */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}
