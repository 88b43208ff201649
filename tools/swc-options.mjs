// One swc configuration for running sources (ts-hooks) and building dist (build.mjs).
export function swcOptions(filename, { sourceMaps = 'inline' } = {}) {
  const tsx = filename.endsWith('.tsx');
  return {
    filename,
    sourceMaps,
    module: { type: 'es6' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: tsx ? { runtime: 'automatic' } : undefined,
      },
      keepClassNames: true,
    },
  };
}
