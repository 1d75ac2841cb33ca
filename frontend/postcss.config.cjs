// Mantine's preset: rem(), light-dark mixins and the breakpoints of config/constants.ts (in em);
// each of the public site's stylesheets keeps only the custom properties it uses.
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
    pruneCustomProperties({ files: ['src/site/site.css', 'src/site/interactive.css'] }),
  ],
};
