// An item's engagement: like (signed-in readers; a guest is told how to sign in), copy link
// (counts a share), the share windows, the comment form, and the view recorded a few seconds
// after the page opens. The counts start from the server's page and follow the API's answers.
import { takeReturnNote } from '@/lib/return-to';
import { api, ApiError, engagementPath, plural, session, toast } from '../kit';

const VIEW_DELAY_MS = 4000;
const SHARE_WINDOW = 'noopener,noreferrer,width=600,height=540';

export function startEngagement() {
  const root = document.querySelector<HTMLElement>('[data-island="engagement"]');
  if (!root) return;
  const { type = 'blog', id = '' } = root.dataset;
  const noun = type === 'project' ? 'project' : 'post';
  const set = (cls: string, text: string) => {
    const el = root.querySelector(`.${cls}`);
    if (el) el.textContent = text;
  };
  const like = root.querySelector<HTMLButtonElement>('[data-action="like"]');
  const showLiked = (liked: boolean, count: number) => {
    like?.setAttribute('aria-pressed', String(liked));
    set('like-count', plural(count, 'Like'));
  };

  // Back from signing in here (the like alert's Log in): what the account may do now, beside
  // the Like button that was pressed.
  const note = session() ? takeReturnNote() : null;
  if (note) {
    const p = document.createElement('p');
    p.className = 'engagement-note';
    p.setAttribute('role', 'status');
    p.textContent = note;
    const stats = root.querySelector('.item-stats');
    if (stats) stats.before(p);
    else root.prepend(p);
    p.scrollIntoView({ block: 'center' });
  }

  // A signed-in reader's own answer says whether they like it (the page is everyone's).
  if (session()) {
    api<{ liked: boolean; likeCount: number }>(`/api/${type === 'project' ? 'projects' : 'blogs'}/${encodeURIComponent(id)}`)
      .then((d) => showLiked(d.liked, d.likeCount))
      .catch(() => {});
  }

  like?.addEventListener('click', () => {
    if (!session()) {
      const next = encodeURIComponent(location.pathname + location.search);
      toast(`Please log in to like this ${noun}.`, 'yellow', { label: 'Log in', href: `/login?next=${next}` });
      return;
    }
    like.disabled = true;
    api<{ liked: boolean; likeCount: number }>(engagementPath('like', type, id), { method: 'POST' })
      .then((r) => showLiked(r.liked, r.likeCount))
      .catch((e: unknown) => toast(e instanceof ApiError ? e.message : 'Failed to update like', 'red'))
      .finally(() => (like.disabled = false));
  });

  root.querySelector('[data-action="copy-link"]')?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
    } catch {
      toast('Failed to copy link', 'red');
      return;
    }
    toast('Link copied to clipboard!');
    api<{ shareCount: number }>(engagementPath('share', type, id), { method: 'POST' })
      .then((r) => set('share-count', plural(r.shareCount, 'Share')))
      .catch(() => {});
  });

  // Links to the networks' share pages without JavaScript; buttons that open a share window here.
  root.querySelectorAll<HTMLAnchorElement>('[data-network]').forEach((a) => {
    a.setAttribute('role', 'button');
    a.addEventListener('click', (e) => {
      e.preventDefault();
      window.open(a.href, '_blank', SHARE_WINDOW);
    });
  });

  const form = root.querySelector<HTMLFormElement>('.item-comment');
  const feedback = form?.querySelector<HTMLElement>('.comment-feedback');
  const say = (ok: boolean, text: string) => {
    if (!feedback) return;
    feedback.hidden = false;
    feedback.toggleAttribute('data-ok', ok);
    feedback.textContent = text;
  };
  form?.addEventListener('submit', (e) => {
    e.preventDefault();
    const content = (form.elements.namedItem('content') as HTMLTextAreaElement).value.trim();
    const email = (form.elements.namedItem('email') as HTMLInputElement).value.trim();
    if (!content || !email) {
      say(false, 'Please enter both a comment and an email.');
      return;
    }
    if (feedback) feedback.hidden = true;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    api(engagementPath('comment', type, id), { method: 'POST', body: { email, content } })
      .then(() => {
        form.reset();
        say(true, 'Comment submitted successfully!');
      })
      .catch((err: unknown) => {
        const data = err instanceof ApiError ? err.data : {};
        say(false, data.content?.message ?? data.email?.message ?? (err instanceof ApiError ? err.message : 'Failed to submit comment'));
      })
      .finally(() => {
        if (submit) submit.disabled = false;
      });
  });

  window.setTimeout(() => {
    api<{ viewCount: number }>(engagementPath('view', type, id), {
      method: 'POST',
      body: { referrer: document.referrer, path: location.pathname + location.search },
    })
      .then((r) => set('view-count', plural(r.viewCount, 'View')))
      .catch(() => {});
  }, VIEW_DELAY_MS);
}
