import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@/config/constants';
import { parseApiError } from '@/lib/errors';
import type { ItemType } from '@/types/api';
import { useSubmitComment } from '../api/submit-comment';
import classes from './engagement.module.css';

type Feedback = { ok: boolean; text: string } | null;

/**
 * Comment and email, both required after trimming (else the spec's alert and nothing is
 * sent); Submit is disabled while sending; fields clear on success and stay on failure.
 */
export function CommentForm({ type, id }: { type: ItemType; id: string }) {
  const [content, setContent] = useState('');
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const comment = useSubmitComment({
    mutationConfig: {
      onSuccess: () => {
        setContent('');
        setEmail('');
        setFeedback({ ok: true, text: MESSAGES.commentSubmitted });
      },
      onError: (error) => {
        const { message, fieldErrors } = parseApiError(error, MESSAGES.commentFailed);
        setFeedback({ ok: false, text: fieldErrors.content ?? fieldErrors.email ?? message });
      },
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || !email.trim()) {
      setFeedback({ ok: false, text: MESSAGES.commentMissing });
      return;
    }
    setFeedback(null);
    comment.mutate({ type, id, email: email.trim(), content: content.trim() });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="comment-heading" className="item-comment">
      <Stack gap="sm">
      <Title order={2} size="h4" id="comment-heading">
        Leave a comment
      </Title>
      <Textarea
        aria-label="Comment"
        placeholder={MESSAGES.commentPlaceholder[type]}
        rows={3}
        classNames={{ input: classes.commentInput }}
        value={content}
        onChange={(e) => setContent(e.currentTarget.value)}
      />
      <TextInput
        aria-label="Email"
        type="email"
        autoComplete="email"
        placeholder={MESSAGES.emailPlaceholder}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      {feedback && (
        <Alert color={feedback.ok ? 'teal' : 'red'} variant="light" role="alert" py="xs">
          {feedback.text}
        </Alert>
      )}
      <Button type="submit" disabled={comment.isPending} style={{ alignSelf: 'flex-start' }}>
        Submit
      </Button>
      </Stack>
    </form>
  );
}
