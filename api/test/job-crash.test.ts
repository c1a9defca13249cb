/**
 * Jobs survive a crash: the real server process is killed with SIGKILL between the change that enqueued a job and the
 * job's due time, restarted on the same data, and the job's email goes out exactly once (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). Each kind of job adds its case here through runCrashCase (server-process.ts).
 */
import { londonDaysAhead } from '@roomnest/shared';
import { describe, expect, it } from 'vitest';
import { authHeader, BACKENDS, registerMember, runCrashCase } from './server-process.ts';

describe.each(BACKENDS)('a job through kill -9 of the server on $name', (backend) => {
  it('a message sent, the server killed before its email is due, restarted: the email goes out once', { timeout: 240_000 }, async () => {
    let senderId = 0;
    const outcome = await runCrashCase(backend, {
      env: { MESSAGE_EMAIL_DELAY_SECONDS: '2' },
      async cause(base) {
        const [sender, receiver] = [await registerMember(base, 'Tenant', 'Crash Sender'), await registerMember(base, 'Landlord', 'Crash Receiver')];
        senderId = sender.id;
        const res = await fetch(`${base}/api/messages`, {
          method: 'POST',
          headers: { ...authHeader(sender), 'content-type': 'application/json' },
          body: JSON.stringify({ ReceiverID: receiver.id, MessageContent: 'Sent just before the crash' }),
        });
        if (res.status !== 201) throw new Error(`send answered ${res.status}`);
        return { to: receiver.email };
      },
    });
    if (outcome.emails.length !== 1) console.error(outcome.output);
    expect(outcome.emails).toHaveLength(1);
    expect(outcome.emails[0]!.subject).toBe('Crash Sender sent you a message on RoomNest');
    expect(outcome.emails[0]!.body).toContain('Sent just before the crash');
    expect(outcome.emails[0]!.body).toContain(`/messages/chat/${senderId}`);
    const jobs = outcome.jobs.filter((j) => j.kind === 'message-email');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.done_at).not.toBeNull();
    expect(jobs[0]!.attempts).toBe(1);
  });

  it('a listing posted that a saved search matches, the server killed before the alert is due, restarted: the alert goes out once', { timeout: 240_000 }, async () => {
    let listingId = 0;
    const outcome = await runCrashCase(backend, {
      env: { ALERT_DELAY_SECONDS: '2' },
      async cause(base) {
        const [tenant, landlord] = [await registerMember(base, 'Tenant', 'Alert Tenant'), await registerMember(base, 'Landlord', 'Alert Landlord')];
        const saved = await fetch(`${base}/api/saved-searches`, {
          method: 'POST',
          headers: { ...authHeader(tenant), 'content-type': 'application/json' },
          body: JSON.stringify({ Name: 'London rooms', Criteria: { city: 'London' }, Frequency: 'instant' }),
        });
        if (saved.status !== 201) throw new Error(`saving the search answered ${saved.status}: ${await saved.text()}`);
        const form = new FormData();
        const fields = { Title: 'Bright double by the canal', Address: '3 Lauriston Road, Hackney', City: 'London', State: 'Greater London', ZipCode: 'E9 7ES', RoomType: 'Double', Rent: '850', AvailableDate: londonDaysAhead(30) };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const posted = await fetch(`${base}/api/listings`, { method: 'POST', headers: authHeader(landlord), body: form });
        if (posted.status !== 201) throw new Error(`posting answered ${posted.status}: ${await posted.text()}`);
        listingId = ((await posted.json()) as { listingId: number }).listingId;
        return { to: tenant.email };
      },
    });
    if (outcome.emails.length !== 1) console.error(outcome.output);
    expect(outcome.emails).toHaveLength(1);
    expect(outcome.emails[0]!.body).toContain('Bright double by the canal');
    expect(outcome.emails[0]!.body).toContain(`/rooms/${listingId}`);
    const alertJobs = outcome.jobs.filter((j) => j.kind === 'listing-alerts' || j.kind === 'alert-email');
    expect(alertJobs.map((j) => j.kind).toSorted()).toEqual(['alert-email', 'listing-alerts']);
    expect(alertJobs.every((j) => j.done_at !== null && j.failed_at === null)).toBe(true);
  });
});
