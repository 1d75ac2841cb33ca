// Resolves the '@/…' alias (vite.config.ts, tsconfig.json) for eslint-plugin-boundaries,
// then lets the node resolver (a dependency of the plugin) find the file.
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const src = path.join(__dirname, 'src');

module.exports = {
  interfaceVersion: 2,
  resolve(source, file, config) {
    const target = source.startsWith('@/') ? path.join(src, source.slice(2)) : source;
    return nodeResolver.resolve(target, file, {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.d.ts', '.css'],
      ...config,
    });
  },
};
