import { readFileSync } from 'node:fs';
import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  MantineProvider,
  mergeMantineTheme,
} from '@mantine/core';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { removeDefaultVariables } from '@/lib/mantine-remove-default-variables';
import { cssVariablesResolver, theme } from '@/theme';

/** The stylesheet's rules, without its opening comment. */
const staticVariables = () =>
  readFileSync('src/styles/theme-variables.css', 'utf8')
    .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
    .trim();

it('the static theme variables are exactly what MantineProvider would write for the theme', () => {
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div />
    </MantineProvider>,
  );
  const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
  expect(written).not.toBe('');
  const ours = staticVariables();
  if (ours !== written) console.error(`src/styles/theme-variables.css should read:\n${written}`);
  expect(ours).toBe(written);
});

it('the build’s lazy removeDefaultVariables cleans as Mantine’s does: the same text results', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const merged = defaultCssVariablesResolver(full);
  const ours = cssVariablesResolver(full);
  for (const part of ['variables', 'light', 'dark'] as const) Object.assign(merged[part], ours[part]);
  const text = convertCssVariables(removeDefaultVariables(merged));
  expect(staticVariables()).toBe(text);
});
