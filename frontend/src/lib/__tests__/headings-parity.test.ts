import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareArticle } from '@/lib/article-html';

// The server gives the headings of its copy of an article the same ids (richtext.WithHeadingIDs
// in Go, tested on the same file), so its table of contents and #links match the app's.
type Case = { html: string; headings: { id: string; text: string; depth: number }[] };
const cases = JSON.parse(readFileSync(resolve(process.cwd(), '../richtext/testdata/headings.json'), 'utf8')) as Case[];

describe('heading ids, as the server makes them', () => {
  it.each(cases.map((c) => [c.html, c] as const))('%s', (_, { html, headings }) => {
    expect(prepareArticle(html).headings).toEqual(headings);
  });
});
