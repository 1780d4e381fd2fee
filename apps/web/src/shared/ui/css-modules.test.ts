import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(__dirname, '../..');
const modules = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.module.css'));

describe('the CSS modules', () => {
  it('are found', () => {
    expect(modules.length).toBeGreaterThan(5);
  });

  // The build lowers light-dark() for older browsers into variables that only its own color-scheme declarations
  // define; the app has none, so the colour was silently dropped in production (decision 0022, sixth session).
  it.each(modules)('%s gives the dark theme its colours by Mantine’s selector, not light-dark()', (path) => {
    const css = readFileSync(resolve(src, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css).not.toMatch(/light-dark\(/);
  });
});
