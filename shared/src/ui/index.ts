/** UI primitives and the form pattern. Styles use only the tokens of tokens.css. */
export * from './components.tsx';
export * from './avatar.tsx';
export * from './form.tsx';
export * from './confirm-dialog.tsx';
export * from './modal-dialog.ts';
export * from './pagination.tsx';
export * from './filter-toggle.tsx';
export * from './page-focus.ts';
export * from './form-dialog.tsx';
export * from './radio-choices.tsx';
export * from './verified-mark.tsx';
