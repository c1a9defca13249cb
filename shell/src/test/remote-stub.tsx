/**
 * A stand-in for the remote loader (the one thing besides the network that
 * unit tests fake): every page renders its remote/module name and the path.
 */
import { useLocation } from 'react-router-dom';
import type { loadRemotePage, RemotePageModule } from '../features/remotes/load-remote.ts';

export type LoadRemotePage = typeof loadRemotePage;

export function fakeRemotePage(remote: string, module: string): RemotePageModule {
  function FakePage() {
    const { pathname } = useLocation();
    return (
      <p>
        {remote}/{module} at {pathname}
      </p>
    );
  }
  return { default: FakePage };
}

export const resolveFakeRemote = async (remote: string, module: string) => fakeRemotePage(remote, module);
