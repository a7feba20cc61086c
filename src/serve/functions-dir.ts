/** Where `npm run build` puts the deployable function; netlify.toml's `[build] functions` points here. */
export const BUNDLED_FUNCTIONS_DIR = '.netlify/functions-bundled';
