import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Image, Modal, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAfterIdle } from '@/hooks/use-after-idle';
import classes from './cover-image.module.css';

/**
 * The cover, 40vh tall and cropped; a click opens it whole on a full-screen dark overlay
 * that the close button, the backdrop and Escape all close.
 */
export function CoverImage({ src, title }: { src: string; title: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  // The overlay (a modal in a portal) mounts in an idle moment after the page, or at the click.
  const withOverlay = useAfterIdle() || opened;
  return (
    <figure className={`${classes.figure} item-cover`}>
      <UnstyledButton onClick={open} className={classes.trigger} aria-label="Enlarge cover image" aria-haspopup="dialog">
        <Image src={src} alt="" className={classes.cover} fetchPriority="high" />
      </UnstyledButton>
      {withOverlay && (
        <Modal.Root opened={opened} onClose={close} size="auto" centered>
          <Modal.Overlay backgroundOpacity={0.92} color="#000" />
          <Modal.Content className={classes.content} data-testid="cover-overlay">
            <Modal.Title className={classes.srOnly}>{title}</Modal.Title>
            <Modal.CloseButton className={classes.close} aria-label="Close image" size="lg" />
            <Modal.Body p={0}>
              <img src={src} alt={title} className={classes.full} />
            </Modal.Body>
          </Modal.Content>
        </Modal.Root>
      )}
    </figure>
  );
}
