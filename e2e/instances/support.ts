/**
 * Helpers of the two-instance suite: which instance answered (the load balancer's X-RoomNest-Instance header), and
 * browsers pinned to one instance (its X-RoomNest-Pin header, sent with every request of a context).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIResponse, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { INSTANCES_DATA_DIR } from '../support/env.ts';

export const INSTANCES = ['a', 'b'] as const;
export type Instance = (typeof INSTANCES)[number];

/** The instance that gave an answer. */
export const instanceOf = (res: APIResponse | Response): string | undefined => res.headers()['x-roomnest-instance'];

/** The header that sends a request to one instance only. */
export const pinTo = (instance: Instance) => ({ 'x-roomnest-pin': instance });

/** A browser context whose every request (pages, assets, API calls, live streams) goes to `instance`; proven on its first answer. */
export async function pinnedContext(browser: Browser, instance: Instance): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: pinTo(instance) });
  const res = await context.request.get('/api/health');
  expect(instanceOf(res)).toBe(instance);
  return context;
}

/** Where the suite's server put things (scripts/instances-server.mjs writes it once both instances answer). */
export interface InstancesSetup {
  proxy: number;
  /** The deployment store both instances serve: a spec releases into it with the release commands (STORE_DIR). */
  storeDir: string;
  database: string;
  instances: { name: Instance; port: number; dataDir: string }[];
}

export const instancesSetup = (): InstancesSetup => JSON.parse(readFileSync(join(INSTANCES_DATA_DIR, 'instances.json'), 'utf8')) as InstancesSetup;
