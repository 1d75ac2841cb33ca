import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/test-utils';
import { ImportCard } from '../import-card';

/** Mantine's FileInput is a button over a hidden file input: the upload goes to the input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

/** An XMLHttpRequest that keeps what was sent and answers the import's result. */
class FakeXHR {
  static sent: FormData[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    FakeXHR.sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = 200;
      this.responseText = JSON.stringify({
        imported: 2, skipped: 1, redirects: 1, errors: [{ source: 'Welcome', message: 'Cover image not fetched: old.example could not be reached' }],
      });
      this.onload?.();
    });
  }
}

describe('ImportCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXHR.sent = [];
  });

  it("sends the file with the old site's address and shows the result with its problems", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const user = userEvent.setup();
    render(<ImportCard />);
    const file = new File(['{"db":[]}'], 'ghost.json', { type: 'application/json' });
    await user.upload(fileInput(), file);
    await user.type(screen.getByRole('textbox', { name: /Old site's address/ }), 'https://old.example');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/2 items imported, 1 skipped, 1 redirect added, 1 problem below/)).toBeInTheDocument();
    expect(screen.getByText('Cover image not fetched: old.example could not be reached')).toBeInTheDocument();
    const form = FakeXHR.sent[0]!;
    expect((form.get('file') as File).name).toBe('ghost.json');
    expect(form.get('siteUrl')).toBe('https://old.example');
  });

  it('sends no address when none is given', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const user = userEvent.setup();
    render(<ImportCard />);
    await user.upload(fileInput(), new File(['<rss/>'], 'wp.xml', { type: 'text/xml' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/2 items imported/)).toBeInTheDocument();
    expect(FakeXHR.sent[0]!.has('siteUrl')).toBe(false);
  });
});
