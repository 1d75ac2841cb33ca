import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/test-utils';
import { PublishActions } from '../publish-actions';
import { isOut, PublishStatus } from '../publish-status';

const base = { date: '2026-01-02', today: '2026-03-04', noun: 'blog', disabled: false, loading: false };

describe('PublishActions', () => {
  it('publishing a draft dated another day asks whether to date it today', async () => {
    const onSave = vi.fn();
    const { user } = render(<PublishActions {...base} status="draft" onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Use today’s date' }));
    expect(onSave).toHaveBeenCalledWith({ status: 'published', today: true });

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: 'Keep 2026-01-02' }));
    expect(onSave).toHaveBeenLastCalledWith({ status: 'published' });
  });

  it('a new item publishes at once, saves a draft, and schedules only in the future, sent in UTC', async () => {
    const onSave = vi.fn();
    const { user } = render(<PublishActions {...base} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Publish blog' }));
    expect(onSave).toHaveBeenLastCalledWith({ status: 'published' });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenLastCalledWith({ status: 'draft' });

    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const input = screen.getByLabelText('Publish on');
    await user.clear(input);
    await user.type(input, '2001-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Publish time must be in the future')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledTimes(2);

    const later = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`;
    await user.clear(input);
    await user.type(input, local);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSave).toHaveBeenLastCalledWith({ status: 'scheduled', publishAt: new Date(local).toISOString() });
  });
});

describe('PublishStatus', () => {
  it('names the status, and a scheduled item as published once its time has passed', () => {
    const at = '2026-06-01T12:00:00Z';
    const before = Date.parse(at) - 1;
    expect(isOut({ status: 'scheduled', publishAt: at }, before)).toBe(false);
    expect(isOut({ status: 'scheduled', publishAt: at }, Date.parse(at))).toBe(true);
    const { rerender } = render(<PublishStatus item={{ status: 'scheduled', publishAt: at }} now={before} />);
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText(/Goes out/)).toBeInTheDocument();
    rerender(<PublishStatus item={{ status: 'scheduled', publishAt: at }} now={Date.parse(at)} />);
    expect(screen.getByText('Published')).toBeInTheDocument();
    rerender(<PublishStatus item={{ status: 'draft', publishAt: null }} now={before} />);
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });
});
