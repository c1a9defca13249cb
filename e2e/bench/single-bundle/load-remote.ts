/**
 * Single-bundle stand-in for shell/src/features/remotes/load-remote.ts: each
 * exposed page of each remote is a dynamic import of its source, so the build
 * splits it into a lazy chunk (the federated build loads the same modules
 * through the Module Federation runtime instead).
 */
import type { ComponentType } from 'react';

export interface RemotePageModule {
  default: ComponentType;
}

export class RemoteMissingError extends Error {
  override name = 'RemoteMissingError';
}

type Loader = () => Promise<{ default: ComponentType }>;

const PAGES: Record<string, Loader> = {
  'mf_search/RoomSearchPage': () => import('../../../mf-search/src/exposed/RoomSearchPage.tsx'),
  'mf_search/RoomDetailPage': () => import('../../../mf-search/src/exposed/RoomDetailPage.tsx'),
  'mf_listings/PostAdPage': () => import('../../../mf-listings/src/exposed/PostAdPage.tsx'),
  'mf_listings/EditListingPage': () => import('../../../mf-listings/src/exposed/EditListingPage.tsx'),
  'mf_listings/MyListingsPage': () => import('../../../mf-listings/src/exposed/MyListingsPage.tsx'),
  'mf_messaging/ConversationsPage': () => import('../../../mf-messaging/src/exposed/ConversationsPage.tsx'),
  'mf_messaging/ChatPage': () => import('../../../mf-messaging/src/exposed/ChatPage.tsx'),
  'mf_profile/FlatmatesPage': () => import('../../../mf-profile/src/exposed/FlatmatesPage.tsx'),
  'mf_profile/MyProfilePage': () => import('../../../mf-profile/src/exposed/MyProfilePage.tsx'),
  'mf_content/HomePage': () => import('../../../mf-content/src/exposed/HomePage.tsx'),
  'mf_content/ContentPage': () => import('../../../mf-content/src/exposed/ContentPage.tsx'),
  'mf_moderation/ModerationPage': () => import('../../../mf-moderation/src/exposed/ModerationPage.tsx'),
};

export async function loadRemotePage(remote: string, module: string, _options: { fresh?: boolean } = {}): Promise<RemotePageModule> {
  const load = PAGES[`${remote}/${module}`];
  if (!load) throw new RemoteMissingError(`${remote}/${module} is not in the single bundle`);
  return { default: (await load()).default };
}
