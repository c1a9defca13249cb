/** Browser-side contract: store, actions, base query, hooks, toasts. */
export * from './contract.ts';
export * from './store.ts';
export * from './base-query.ts';
export * from './hooks.ts';
export * from './with-host-api.ts';
export * from './notify.ts';
export * from './login-redirect.ts';
export * from './api.ts';
export * from './shared-endpoints.ts';
export * from './saved-searches-endpoints.ts';
export * from './blocks-endpoints.ts';
export * from './stored-session.ts';
export * from './upload.ts';
