// Stands in for oxc-minify in the Electron bundle of the transpiler's worker (bundle.ts). jco's
// transpiler imports it for its `minify` option, which the host never sets; it is a native module
// that the packaged app (no node_modules) could not load, so it is left out.
export function minify(): Promise<never> {
  return Promise.reject(new Error('minifying is not part of the app: transpile without `minify`'));
}
