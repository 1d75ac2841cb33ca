import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Group.layer.css';
import { ActionIcon, Group } from '@mantine/core';
import {
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandMastodon,
  IconBrandX,
  IconLink,
  IconMail,
  IconRss,
  type Icon,
} from '@tabler/icons-react';
import { socialKind, type SocialKind } from '@/lib/social';
import { useProfile } from '../api/get-profile';

const ICONS: Record<SocialKind, Icon> = {
  github: IconBrandGithub,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
  mastodon: IconBrandMastodon,
  email: IconMail,
  rss: IconRss,
  link: IconLink,
};

/** The owner's social links as icon buttons; the icon follows the host, the name the title. */
export function SocialLinks() {
  const links = useProfile().data?.socialLinks ?? [];
  if (links.length === 0) return null;
  return (
    <Group component="ul" gap={4} aria-label="Social links" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {links.map((link) => {
        const kind = socialKind(link.url);
        const LinkIcon = ICONS[kind];
        const external = kind !== 'email' && /^https?:/i.test(link.url);
        return (
          <li key={`${link.title}-${link.url}`}>
            <ActionIcon
                component="a"
                href={link.url}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={link.title}
                title={link.title}
                data-kind={kind}
                {...(external ? { target: '_blank', rel: 'me noopener noreferrer' } : {})}
              >
                <LinkIcon size={20} stroke={1.75} aria-hidden />
              </ActionIcon>
          </li>
        );
      })}
    </Group>
  );
}
