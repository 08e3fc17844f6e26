import styled from 'styled-components';
import { theme } from '../app/theme';

export interface AvatarProps {
  /** Photo URL; without it the initials (or the deleted-user silhouette) show. */
  src?: string | null;
  /** The person's name (initials and alt text); ignored when deleted. */
  name?: string;
  /** Translated alt text, e.g. the display name or 'deleted user'. */
  alt: string;
  /** Pixel size of the square avatar. */
  size?: number;
  /** Online dot: true online, false offline, undefined no dot. */
  online?: boolean;
  /** Translated text of the dot ('online' / 'offline'); required with `online`. */
  statusLabel?: string;
  /** A deleted account: the deleted-user avatar. */
  deleted?: boolean;
}

const Wrapper = styled.span<{ $size: number }>`
  position: relative;
  display: inline-flex;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
`;

const Picture = styled.img`
  width: 100%;
  height: 100%;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.surface};
`;

const Initials = styled.span<{ $size: number; $deleted: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 100%;
  border-radius: 50%;
  background: ${({ $deleted }) => ($deleted ? theme.colors.border : theme.colors.secondary)};
  color: ${theme.colors.secondaryText};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: 600;

  svg {
    width: 60%;
    height: 60%;
    fill: ${theme.colors.textMuted};
  }
`;

const Dot = styled.span<{ $online: boolean }>`
  position: absolute;
  right: 0;
  bottom: 0;
  width: 28%;
  height: 28%;
  min-width: 10px;
  min-height: 10px;
  border: 2px solid ${theme.colors.background};
  border-radius: 50%;
  background: ${({ $online }) => ($online ? theme.colors.success : theme.colors.textMuted)};
`;

export function initialsOf(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** A round user picture with an optional online/offline dot; deleted users get a silhouette. */
export function Avatar({
  src,
  name,
  alt,
  size = 48,
  online,
  statusLabel,
  deleted = false,
}: AvatarProps) {
  return (
    <Wrapper $size={size} data-deleted={deleted || undefined}>
      {src && !deleted ? (
        <Picture src={src} alt={alt} width={size} height={size} loading="lazy" />
      ) : (
        // An empty alt marks the avatar as decorative (the name is written next to it).
        <Initials
          $size={size}
          $deleted={deleted}
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          {deleted ? (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z" />
            </svg>
          ) : (
            <span aria-hidden="true">{initialsOf(name)}</span>
          )}
        </Initials>
      )}
      {online !== undefined && !deleted && (
        <Dot
          $online={online}
          role="img"
          aria-label={statusLabel}
          title={statusLabel}
          data-online={online}
        />
      )}
    </Wrapper>
  );
}
