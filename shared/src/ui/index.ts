/** UI primitives and the form pattern. Styles use only the tokens of tokens.css. */
export * from './components.tsx';
export * from './form.tsx';
