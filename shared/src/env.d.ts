/** Ambient declarations for every app that bundles shared (include this file in each tsconfig). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
/** The module's published version (package version plus build id), stamped at build time. */
declare const __MODULE_VERSION__: string;
