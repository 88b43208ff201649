/* global require, module */
/* eslint-disable @typescript-eslint/no-require-imports -- Hardhat 2 loads this file with require() */
// Hardhat 2 reads its config with require(): this package is ESM ("type": "module"), so the config is
// CommonJS by extension. Tests and scripts stay ESM TypeScript (loaded through tools/register.mjs).
const path = require('node:path');
const { subtask } = require('hardhat/config');
const {
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_TEST_GET_TEST_FILES,
} = require('hardhat/builtin-tasks/task-names');
require('solidity-coverage');

// Compile offline with the npm `solc` package (soljson.js): Hardhat never downloads a compiler.
const solcVersion = require('solc/package.json').version;

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async ({ solcVersion: requested }) => {
  if (requested !== solcVersion) {
    throw new Error(`solidity ${requested} requested but the installed solc package is ${solcVersion}`);
  }
  return {
    compilerPath: require.resolve('solc/soljson.js'),
    isSolcJs: true,
    version: solcVersion,
    // e.g. 0.8.28+commit.7893614a (loading solc is slow, so only when compiling).
    longVersion: require('solc')
      .version()
      .replace(/\.Emscripten\.clang$/, ''),
  };
});

// Tests are TypeScript (*.test.ts); Hardhat 2 only looks for .ts files when its config is .ts.
subtask(TASK_TEST_GET_TEST_FILES, async ({ testFiles }, { config }) => {
  if (testFiles.length > 0) return testFiles.map((file) => path.resolve(file));
  const { readdirSync } = require('node:fs');
  return readdirSync(config.paths.tests, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => path.join(config.paths.tests, file));
});

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  solidity: {
    version: solcVersion,
    settings: {
      // cancun: deployable on every chain the product lists (mainnet, sepolia, polygon, anvil).
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 10000 },
      // storageLayout: the layout test compares the namespaced structs with the deployed version's.
      outputSelection: { '*': { '*': ['storageLayout'] } },
    },
  },
  networks: {
    hardhat: { hardfork: 'cancun' },
  },
  mocha: { timeout: 120000 },
};
