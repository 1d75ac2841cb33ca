import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import { Alert, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { takeReturnNote } from '@/lib/return-to';
import type { ItemDetail } from '@/types/api';
import { useItemView } from '../hooks/use-item-view';
import { CommentForm } from './comment-form';
import { EngagementStats } from './engagement-stats';
import { ShareButtons } from './share-buttons';

/**
 * The detail page's parts 10 to 12: share buttons, the comment form, and the like, share
 * and view counts. Counts start from the item and follow the server's answers; the view is
 * recorded a few seconds after opening.
 */
export function ItemEngagement({ item, signedIn }: { item: ItemDetail; signedIn: boolean }) {
  const [liked, setLiked] = useState(item.liked);
  const [likeCount, setLikeCount] = useState(item.likeCount);
  const [shareCount, setShareCount] = useState(item.shareCount);
  const [viewCount, setViewCount] = useState(item.viewCount);
  // A reader back from signing in here reads what the account may do now.
  const [note, setNote] = useState(() => (signedIn ? takeReturnNote() : null));
  const noteRef = useRef<HTMLDivElement>(null);
  // Back where the Like button was pressed, with the note beside it.
  useEffect(() => {
    noteRef.current?.scrollIntoView({ block: 'center' });
  }, []);

  useItemView(item.type, item.id, setViewCount);

  return (
    <Stack gap="lg" className="item-engagement">
      {note && (
        <Alert ref={noteRef} color="green" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNote(null)}>
          {note}
        </Alert>
      )}
      <ShareButtons type={item.type} id={item.id} title={item.title} onShared={setShareCount} />
      <CommentForm type={item.type} id={item.id} />
      <EngagementStats
        type={item.type}
        id={item.id}
        signedIn={signedIn}
        liked={liked}
        likeCount={likeCount}
        shareCount={shareCount}
        viewCount={viewCount}
        onLiked={(res) => {
          setLiked(res.liked);
          setLikeCount(res.likeCount);
        }}
      />
    </Stack>
  );
}
