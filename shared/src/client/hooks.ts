/**
 * The typed store hooks. No api here (with-host-api.ts): a page that only reads the session (Home) then loads no
 * RTK Query code.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { HostState } from './contract.ts';

export const useHostSelector = useSelector.withTypes<HostState>();
export const useHostDispatch = useDispatch;
