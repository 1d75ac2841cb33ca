import { DEFAULT_THEME, defaultCssVariablesResolver, type ConvertCSSVariablesInput } from '@mantine/core';

/**
 * Mantine's removeDefaultVariables with its table of the default theme's variables built on
 * first use, not when the module is evaluated: the app writes its theme variables ahead of
 * time (styles/theme-variables.css) and never calls this, yet building the table took a
 * quarter of the entry's evaluation on a phone. Wired in vite.config.ts for @mantine/core's
 * own module; same behaviour when it is called.
 */
let defaults: ConvertCSSVariablesInput | undefined;

type Vars = Record<string, string>;

export function removeDefaultVariables(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  defaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const) {
    const from = input[part] as Vars;
    const base = defaults[part] as Vars;
    const kept = cleaned[part] as Vars;
    for (const key of Object.keys(from)) if (base[key] !== from[key]) kept[key] = from[key] as string;
  }
  return cleaned;
}
