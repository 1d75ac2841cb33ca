import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

// The toasts' container with its styles, loaded lazily by the provider.
export { Notifications } from '@mantine/notifications';
