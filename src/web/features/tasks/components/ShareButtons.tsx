import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '../../../ui/Button';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { shareLinks } from '../format';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
`;

const ShareLink = styled.a<{ $variant: ButtonVariant }>`
  ${buttonStyles}
  padding-inline: ${theme.space.md};
`;

/** Facebook and X share links with the page URL and the title, each in a new tab. */
export function ShareButtons({ pageUrl, title }: { pageUrl: string; title: string }) {
  const intl = useIntl();
  const links = shareLinks(pageUrl, title);
  const newTab = <VisuallyHidden> {intl.formatMessage(messages.newTab)}</VisuallyHidden>;
  return (
    <Group role="group" aria-label={intl.formatMessage(messages.share)}>
      <ShareLink
        $variant="secondary"
        href={links.facebook}
        target="_blank"
        rel="noopener noreferrer"
      >
        {intl.formatMessage(messages.shareFacebook)}
        {newTab}
      </ShareLink>
      <ShareLink $variant="secondary" href={links.x} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage(messages.shareX)}
        {newTab}
      </ShareLink>
    </Group>
  );
}
