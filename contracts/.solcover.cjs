/* global module */
// solidity-coverage settings (passed with --solcoverjs: this package is ESM, so the file is .cjs).
module.exports = {
  skipFiles: ['mocks/', 'interfaces/'],
  // Fail `npm run coverage` unless every line, statement, function and branch is covered.
  istanbulReporter: ['text', 'text-summary', 'json-summary', 'lcov'],
};
