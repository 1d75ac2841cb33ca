// Mantine's preset: rem(), light-dark mixins and the breakpoints of config/constants.ts (in em);
// the public site's stylesheet keeps only the custom properties it uses.
const presetMantine = require('postcss-preset-mantine');
const simpleVars = require('postcss-simple-vars');
const pruneCustomProperties = require('./scripts/prune-custom-properties.cjs');

module.exports = {
  plugins: [
    presetMantine({}),
    simpleVars({
      variables: {
        'mantine-breakpoint-xs': '23.75em',
        'mantine-breakpoint-sm': '26.875em',
        'mantine-breakpoint-md': '53.125em',
        'mantine-breakpoint-lg': '62.5em',
        'mantine-breakpoint-xl': '75em',
      },
    }),
    pruneCustomProperties({ file: 'src/site/site.css', alsoFor: ['src/site/interactive.css'] }),
  ],
};
