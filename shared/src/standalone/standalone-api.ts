/**
 * The standalone frame's own sign-in call. A remote's dev server runs on its
 * own origin (localhost:510x), whose storage the full app's session never
 * reaches, so the frame offers a compact sign-in against the proxied API. It
 * is the shell's login endpoint, injected into the page's one api.
 */
import { injectHostEndpoints } from '../client/api.ts';
import { loginEndpoints } from '../client/shared-endpoints.ts';

export const standaloneApi = injectHostEndpoints(loginEndpoints);

export const { useLoginMutation } = standaloneApi;
