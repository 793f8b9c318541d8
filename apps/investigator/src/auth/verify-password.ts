import { verify } from 'argon2';

/** True when `password` is the one `stored` (from `hashPassword`) was made from; false for any other form. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
