/**
 * Loads one exposed page of a remote through the Module Federation runtime,
 * after remotes.json has been read, with its files preloaded side by side
 * (early-preload.ts). Each call starts a new load (nothing here
 * keeps a failed promise); `fresh` also drops the runtime's cache of the
 * remote, for a retry after a failure.
 */
import { loadRemote } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { preloadRemoteModule } from './early-preload.ts';
import { loadRegistry, refreshRemote } from './registry.ts';

export interface RemotePageModule {
  default: ComponentType;
}

export class RemoteMissingError extends Error {
  override name = 'RemoteMissingError';
}

export async function loadRemotePage(remote: string, module: string, options: { fresh?: boolean } = {}): Promise<RemotePageModule> {
  const registry = await loadRegistry();
  const entry = registry[remote];
  if (!entry) throw new RemoteMissingError(`${remote} is not listed in remotes.json`);
  if (options.fresh) refreshRemote(remote);
  // The page's files side by side, while the runtime reads the manifest and the entry (index.html did this for the first page).
  void preloadRemoteModule(new URL(entry.entry, window.location.href).href, module);
  const loaded = await loadRemote<RemotePageModule>(`${remote}/${module}`);
  const page = loaded?.default;
  if (typeof page !== 'function' && (typeof page !== 'object' || page === null)) {
    throw new RemoteMissingError(`${remote}/${module} has no default export`);
  }
  return { default: page };
}
