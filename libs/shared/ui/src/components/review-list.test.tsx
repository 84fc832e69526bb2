import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewBody, ReviewReplyAction, ReviewReplyForm, ReviewStatusBadge, Stars, type ReviewEntry } from './review-list';

const review: ReviewEntry = {
  id: 'r1',
  author_name: 'Ada Obi',
  rating: 4,
  text: 'Clean car, fair dealer.',
  status: 'visible',
  reply: null,
  replied_at: null,
  created_at: '2026-03-02T09:00:00Z',
};
const when = (iso: string) => iso.slice(0, 10);

function Item({ r, onReply }: { r: ReviewEntry; onReply: (t: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ReviewBody review={r} replyLabel="Your reply" when={when} flags={<ReviewStatusBadge status={r.status} />} />
      <ReviewReplyAction review={r} open={open} onOpen={() => setOpen(true)} form={<ReviewReplyForm reviewId={r.id} onReply={onReply} pending={false} onCancel={() => setOpen(false)} />} />
    </>
  );
}

describe('review list parts', () => {
  it('reads stars as a rating, an average to one decimal', () => {
    render(
      <>
        <Stars rating={4} />
        <Stars rating={4.55} />
      </>,
    );
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
  });

  it('shows a review with its reply and offers no second reply', () => {
    render(<Item r={{ ...review, reply: 'Thank you, Ada.', replied_at: '2026-03-04T10:00:00Z' }} onReply={vi.fn()} />);
    expect(screen.getByText('Clean car, fair dealer.')).toBeTruthy();
    expect(screen.getByText('Your reply, 2026-03-04')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reply to/ })).toBeNull();
  });

  it('opens the reply form, sends the trimmed text and can be cancelled', async () => {
    const onReply = vi.fn();
    const user = userEvent.setup();
    render(<Item r={review} onReply={onReply} />);
    await user.click(screen.getByRole('button', { name: "Reply to Ada Obi's review" }));
    expect((screen.getByRole('button', { name: 'Post reply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Your reply (public, once)'), '  Thanks for coming by. ');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(onReply).toHaveBeenCalledWith('Thanks for coming by.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: "Reply to Ada Obi's review" })).toBeTruthy();
  });

  it('marks a removed review and offers no reply to it', () => {
    render(<Item r={{ ...review, status: 'removed' }} onReply={vi.fn()} />);
    expect(screen.getByText('Removed by an admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reply to/ })).toBeNull();
  });
});
