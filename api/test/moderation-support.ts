/** Test support for trust and safety: a moderator made as the command line makes one, and a report made through the API. */
import type { ReportReason } from '@roomnest/shared';
import { expect } from 'vitest';
import { grantRole } from '../src/features/moderation/roles-repository.ts';
import type { Actor } from './listings-support.ts';
import { bearer, createUser, login, type TestContext } from './support.ts';

/** A moderator (user_roles, through the roles repository the moderators command uses), logged in. */
export async function moderator(ctx: TestContext, name = 'Mo Moderator'): Promise<Actor & { email: string; password: string }> {
  const user = await createUser(ctx.db, { name });
  expect(await grantRole(ctx.db, user.email, 'moderator')).not.toBeNull();
  return { ...user, token: await login(ctx, user) };
}

/** A report through POST /api/reports; answers its id. */
export async function fileReport(
  ctx: TestContext,
  reporter: Actor,
  target: { TargetType: 'listing' | 'user'; TargetID: number; Source?: 'listing' | 'flatmate' | 'chat' },
  reason: ReportReason = 'scam',
  details = '',
): Promise<number> {
  const res = await ctx.inject({ method: 'POST', url: '/api/reports', headers: bearer(reporter.token), payload: { ...target, Reason: reason, Details: details } });
  expect(res.statusCode, `${res.body}`).toBeLessThan(300);
  return res.json<{ reportId: number }>().reportId;
}
