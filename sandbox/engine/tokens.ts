/**
 * The sandbox's bearer tokens: HS256 JWTs signed with jose, which runs on Web Crypto in browsers and
 * in Node alike. The subject is the account id, which picks the account's own world.
 *
 * The signing key is a fixed, public sandbox secret: a sandbox token grants nothing but sandbox data,
 * and a fixed key keeps tokens valid across a reload of the page or a restart of the sandbox program.
 */
import {SignJWT, jwtVerify, errors} from 'jose';

const sandboxSigningKey = new TextEncoder().encode('carrier-portal-sandbox-signing-key-not-a-secret');
const issuer = 'carrier-portal-sandbox';

export async function issueToken(accountId: string, now: Date, lifetimeSeconds: number): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setSubject(accountId)
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(sandboxSigningKey);
}

export type TokenCheck = {accountId: string; expiresAt: number} | {problem: string; challenge: string};

/**
 * A refusal, with the `WWW-Authenticate` challenge RFC 6750 (section 3) gives it: the bare scheme
 * when no token came, `invalid_token` with the reason otherwise.
 */
function refused(problem: string, missing = false): TokenCheck {
  return {problem, challenge: missing ? 'Bearer' : `Bearer error="invalid_token", error_description="${problem}"`};
}

/** The account a token belongs to, or why it is refused (missing, malformed, tampered, expired). */
export async function checkAuthorization(header: string | undefined, now: Date): Promise<TokenCheck> {
  if (!header) {
    return refused('Missing bearer token', true);
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    return refused('The Authorization header must be "Bearer <access_token>"');
  }
  try {
    const {payload} = await jwtVerify(match[1], sandboxSigningKey, {issuer, algorithms: ['HS256'], currentDate: now});
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      return refused('Invalid bearer token');
    }
    return {accountId: payload.sub, expiresAt: (payload.exp ?? 0) * 1000};
  } catch (error) {
    return refused(error instanceof errors.JWTExpired ? 'Expired bearer token' : 'Invalid bearer token');
  }
}
