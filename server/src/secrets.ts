import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, tightenExisting } from './lib/private-files.ts';

/**
 * The token-signing secret: JWT_SECRET when set (required when several hosts share one
 * database), otherwise one generated on first start and kept in `<dataDir>/secrets/`,
 * readable by this user only. Two processes starting together agree: the file is created
 * exclusively, and the loser reads what the winner wrote.
 */
export function loadJwtSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'jwt-secret');
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  tightenExisting([file]);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds too short a secret: delete it to make a new one`);
  return new TextEncoder().encode(secret);
}

/** A stable secret for one purpose, derived from the shop's own: restarts and every process agree. */
export function derivedSecret(secret: Uint8Array, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
