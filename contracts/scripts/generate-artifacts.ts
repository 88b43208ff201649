// Writes the ABIs and bytecode of the deployable contracts into libs/contracts/src/generated/.
// Usage: npm run generate -w contracts          (compile, then write the files)
//        npm run check:artifacts -w contracts   (compile, then fail when a committed file is stale)
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import hre from 'hardhat';

const outDir = fileURLToPath(new URL('../../libs/contracts/src/generated/', import.meta.url));

const contracts = [
  { name: 'NFTCode', prefix: 'nftCode', file: 'nft-code.ts' },
  { name: 'LibraryAddressLocator', prefix: 'libraryAddressLocator', file: 'library-address-locator.ts' },
  { name: 'CollectionProxy', prefix: 'collectionProxy', file: 'collection-proxy.ts' },
  { name: 'TagRelayer', prefix: 'tagRelayer', file: 'tag-relayer.ts' },
] as const;

async function render(name: string, prefix: string): Promise<string> {
  const artifact = await hre.artifacts.readArtifact(name);
  const buildInfo = await hre.artifacts.getBuildInfo(`${artifact.sourceName}:${name}`);
  const compiler = buildInfo ? `solc ${buildInfo.solcVersion}` : 'solc';
  return [
    `// Generated from contracts/${artifact.sourceName} (${compiler}) by contracts/scripts/generate-artifacts.ts.`,
    '// Do not edit: run `npm run generate -w contracts`.',
    '',
    `export const ${prefix}Abi = ${JSON.stringify(artifact.abi, null, 2)} as const;`,
    '',
    '/** Creation bytecode (constructor arguments are appended by encodeDeployData). */',
    `export const ${prefix}Bytecode: \`0x\${string}\` = '${artifact.bytecode}';`,
    '',
    '/** Runtime bytecode, as returned by eth_getCode once deployed. */',
    `export const ${prefix}DeployedBytecode: \`0x\${string}\` = '${artifact.deployedBytecode}';`,
    '',
  ].join('\n');
}

const check = process.argv.includes('--check');
await hre.run('compile', { quiet: true });
const stale: string[] = [];
for (const { name, prefix, file } of contracts) {
  const path = join(outDir, file);
  const next = await render(name, prefix);
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === next) continue;
  if (check) {
    stale.push(file);
  } else {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, next);
    console.log(`wrote libs/contracts/src/generated/${file}`);
  }
}
if (stale.length > 0) {
  console.error(
    `stale generated contract files: ${stale.join(', ')}\nrun \`npm run generate -w contracts\` and commit the result`,
  );
  process.exit(1);
}
if (check) console.log('generated contract files are up to date');
