// Mantine's preset: rem(), light-dark mixins and the breakpoints of config/constants.ts (in em).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '23.75em',
        'mantine-breakpoint-sm': '26.875em',
        'mantine-breakpoint-md': '53.125em',
        'mantine-breakpoint-lg': '62.5em',
        'mantine-breakpoint-xl': '75em',
      },
    },
  },
};
