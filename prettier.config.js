// `npm run format`: Prettier, set to the code as it was written before it was first applied: single
// quotes, semicolons, trailing commas, and lines up to 160 characters (of the widths 140 to 180, the
// one that moved the fewest lines).
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
  trailingComma: 'all',
};
