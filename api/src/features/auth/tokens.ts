/**
 * Auth tokens: HS256 JWTs carrying the user id (`sub`) and the user's token
 * version (`tv`); bumping `users.token_version` revokes every token issued before.
 */
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'roomnest';
const AUDIENCE = 'roomnest-api';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    issue: ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret),

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp', 'sub'] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!/^[1-9]\d{0,9}$/.test(payload.sub ?? '') || !Number.isSafeInteger(userId)) return null;
        if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return null;
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
