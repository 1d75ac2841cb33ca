import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/theme';

it('the static theme variables are exactly what MantineProvider would write for the theme', () => {
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div />
    </MantineProvider>,
  );
  const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
  expect(written).not.toBe('');
  const staticVariables = readFileSync('src/styles/theme-variables.css', 'utf8');
  const ours = staticVariables.replace(/^\/\*[\s\S]*?\*\/\s*/, '').trim();
  if (ours !== written) console.error(`src/styles/theme-variables.css should read:\n${written}`);
  expect(ours).toBe(written);
});
